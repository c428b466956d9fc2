import { describe, expect, it } from "vitest";
import { formId, formIds, MAX_ID, toId } from "./form-id";

describe("toId", () => {
  it("reads an id written in digits, up to the database's integer columns", () => {
    expect(toId("12")).toBe(12);
    expect(toId(String(MAX_ID))).toBe(MAX_ID);
    expect(toId(7)).toBe(7);
  });

  it("reads nothing else: not text, not another way of writing a number, not past the columns", () => {
    const bad = ["abc", "", " ", " 12", "12 ", "012", "1e3", "0x10", "-1", "0", "1.5", "+3", "99999999999", "99999999999999999999"];
    for (const value of [...bad, String(MAX_ID + 1), null, undefined, 0, -1, 1.5, NaN, Infinity, MAX_ID + 1, ["3"], {}]) {
      expect(toId(value), JSON.stringify(value)).toBeNull();
    }
    expect(toId(new File(["3"], "3"))).toBeNull();
  });
});

describe("formId and formIds", () => {
  it("read a form's field, missing or repeated", () => {
    const form = new FormData();
    form.append("imageId", "4");
    form.append("pageId", "3");
    form.append("pageId", "x");
    form.append("pageId", "3");
    form.append("pageId", "1");
    expect(formId(form, "imageId")).toBe(4);
    expect(formId(form, "missing")).toBeNull();
    expect(formIds(form.getAll("pageId"))).toEqual([3, 1]);
  });

  it("keeps the ids of a list, once each, in order", () => {
    expect(formIds(["3", "1", "3", "x", "-2", "0", "2.5", "7", "1e3"])).toEqual([3, 1, 7]);
    expect(formIds([])).toEqual([]);
  });
});
