import { describe, expect, it } from "vitest";
import { detectImageType, EXTENSIONS, extensionFor, typeForExtension } from "./image-type";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF");
const PNG = bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR");
const GIF87 = bytes("GIF87a", [1, 0, 1, 0]);
const GIF89 = bytes("GIF89a", [1, 0, 1, 0]);
const WEBP = bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ");

describe("detectImageType", () => {
  it.each([
    ["JPEG", JPEG, "image/jpeg"],
    ["PNG", PNG, "image/png"],
    ["GIF87a", GIF87, "image/gif"],
    ["GIF89a", GIF89, "image/gif"],
    ["WebP", WEBP, "image/webp"],
  ])("recognises %s by its magic bytes", (_, data, type) => {
    expect(detectImageType(data)).toBe(type);
  });

  it.each([
    ["a text file (named .png or not)", bytes("hello, I am not a PNG")],
    ["an SVG", bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ["an HTML page", bytes("<!doctype html><script>alert(1)</script>")],
    ["a PDF", bytes("%PDF-1.7")],
    ["a WAV (RIFF but not WEBP)", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["a BMP", bytes("BM", [0, 0, 0, 0])],
    ["an empty file", new Uint8Array()],
    ["a truncated PNG signature", PNG.subarray(0, 5)],
    ["a truncated JPEG signature", JPEG.subarray(0, 2)],
    ["RIFF without room for the WEBP tag", bytes("RIFF", [0, 0])],
    ["a PNG signature not at the start", bytes([0], [...PNG])],
  ])("refuses %s", (_, data) => {
    expect(detectImageType(data)).toBeNull();
  });
});

describe("extensionFor", () => {
  it("keeps the original extension when it fits the detected type (case-insensitive)", () => {
    expect(extensionFor("image/jpeg", "photo.jpeg")).toBe("jpeg");
    expect(extensionFor("image/jpeg", "PHOTO.JPG")).toBe("jpg");
    expect(extensionFor("image/png", "logo.PNG")).toBe("png");
    expect(extensionFor("image/gif", "a.b.gif")).toBe("gif");
    expect(extensionFor("image/webp", "x.webp")).toBe("webp");
  });

  it("uses the canonical extension otherwise", () => {
    expect(extensionFor("image/png", "logo.jpg")).toBe("png");
    expect(extensionFor("image/jpeg", "logo")).toBe("jpg");
    expect(extensionFor("image/gif", "logo.exe")).toBe("gif");
    expect(extensionFor("image/webp", "logo.png.html")).toBe("webp");
    expect(extensionFor("image/png", "")).toBe("png");
    expect(extensionFor("image/png", "../../etc/passwd")).toBe("png");
  });

  it("only ever answers an extension of the detected type", () => {
    for (const [type, exts] of Object.entries(EXTENSIONS)) {
      for (const name of ["x.jpg", "x.jpeg", "x.png", "x.gif", "x.webp", "x.svg", "x"]) {
        expect(exts).toContain(extensionFor(type as keyof typeof EXTENSIONS, name));
      }
    }
  });
});

describe("typeForExtension", () => {
  it("maps known extensions to their type, case-insensitively", () => {
    expect(typeForExtension("jpg")).toBe("image/jpeg");
    expect(typeForExtension("JPEG")).toBe("image/jpeg");
    expect(typeForExtension("png")).toBe("image/png");
    expect(typeForExtension("gif")).toBe("image/gif");
    expect(typeForExtension("webp")).toBe("image/webp");
  });

  it("answers null for anything else", () => {
    expect(typeForExtension("svg")).toBeNull();
    expect(typeForExtension("html")).toBeNull();
    expect(typeForExtension("")).toBeNull();
  });
});
