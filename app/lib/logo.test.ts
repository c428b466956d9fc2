import { describe, expect, it } from "vitest";
import { checkLogoFile, LOGO_MESSAGES } from "./logo";

const MB = 1024 * 1024;

describe("checkLogoFile (the dialog's check before upload)", () => {
  it.each(["image/jpeg", "image/png", "image/gif", "image/webp"])("accepts %s up to 5 MB", (type) => {
    expect(checkLogoFile({ type, size: 1 })).toBeNull();
    expect(checkLogoFile({ type, size: 5 * MB })).toBeNull();
  });

  it("refuses other types with the spec's wording", () => {
    expect(LOGO_MESSAGES.format).toBe("Unsupported file format. Please use JPG, PNG, GIF, or WebP.");
    for (const type of ["image/svg+xml", "text/plain", "application/pdf", "", "image/bmp"]) {
      expect(checkLogoFile({ type, size: 10 })).toBe(LOGO_MESSAGES.format);
    }
  });

  it("refuses more than 5 MB with the spec's wording", () => {
    expect(LOGO_MESSAGES.size).toBe("File is too large. Maximum size is 5MB.");
    expect(checkLogoFile({ type: "image/png", size: 5 * MB + 1 })).toBe(LOGO_MESSAGES.size);
  });
});
