import { describe, expect, it } from "vitest";
import {
  coverImageInfo,
  imageFilesOnly,
  parseGenerateImageForm,
  parseNumberOfImages,
  toggleSelectedExample,
  uploadedMessage,
} from "./image-rules";

describe("parseNumberOfImages", () => {
  it("defaults to 1 and turns anything unparsable into 1", () => {
    for (const value of [undefined, null, "", "  ", "abc", "NaN", "Infinity", {}, [], NaN]) expect(parseNumberOfImages(value)).toBe(1);
  });
  it("keeps 1 to 10", () => {
    for (let n = 1; n <= 10; n++) {
      expect(parseNumberOfImages(String(n))).toBe(n);
      expect(parseNumberOfImages(n)).toBe(n);
    }
    expect(parseNumberOfImages(" 7 ")).toBe(7);
  });
  it("clamps out-of-range values and cuts decimals", () => {
    expect(parseNumberOfImages("0")).toBe(1);
    expect(parseNumberOfImages("-4")).toBe(1);
    expect(parseNumberOfImages("11")).toBe(10);
    expect(parseNumberOfImages("1000")).toBe(10);
    expect(parseNumberOfImages("3.9")).toBe(3);
  });
});

describe("parseGenerateImageForm", () => {
  it("uses the spec's defaults", () => {
    expect(parseGenerateImageForm({})).toEqual({
      numberOfImages: 1,
      generatePrompt: false,
      useInitialPhoto: false,
      comments: "",
      imageExampleId: null,
    });
  });
  it("keeps the selected example only when useInitialPhoto is on", () => {
    expect(parseGenerateImageForm({ imageExampleId: "12" }).imageExampleId).toBeNull();
    expect(parseGenerateImageForm({ imageExampleId: "12", useInitialPhoto: "on" }).imageExampleId).toBe(12);
    expect(parseGenerateImageForm({ imageExampleId: "x", useInitialPhoto: "on" }).imageExampleId).toBeNull();
  });
  it("reads switches and comments", () => {
    expect(parseGenerateImageForm({ generatePrompt: "on", comments: "Bleu", numberOfImages: "4" })).toMatchObject({
      generatePrompt: true,
      comments: "Bleu",
      numberOfImages: 4,
    });
  });
});

describe("coverImageInfo", () => {
  it("builds the info_json with image_example_id only when use_initial_photo", () => {
    expect(coverImageInfo({ numberOfImages: 3, generatePrompt: true, useInitialPhoto: true, comments: "c", imageExampleId: 5 })).toEqual({
      generate_prompt: true,
      comments: "c",
      use_initial_photo: true,
      image_example_id: 5,
      number_of_images: 3,
    });
    expect(coverImageInfo({ numberOfImages: 2, generatePrompt: false, useInitialPhoto: false, comments: "", imageExampleId: 5 }).image_example_id).toBeNull();
  });
});

describe("example picker and upload filter", () => {
  it("selects, switches and unselects on a second click", () => {
    expect(toggleSelectedExample(null, 3)).toBe(3);
    expect(toggleSelectedExample(3, 4)).toBe(4);
    expect(toggleSelectedExample(4, 4)).toBeNull();
  });
  it("keeps only image/* files", () => {
    const files = [{ type: "image/png" }, { type: "text/plain" }, { type: "" }, { type: "image/webp" }, { type: "application/pdf" }];
    expect(imageFilesOnly(files)).toEqual([{ type: "image/png" }, { type: "image/webp" }]);
  });
  it("words the upload success", () => {
    expect(uploadedMessage(2)).toBe("2 image(s) uploaded successfully");
  });
});
