import { describe, expect, it } from "vitest";
import { emailLocalPart, initials } from "./user";

describe("initials", () => {
  it.each([
    ["Jean Dupont", "jean@example.com", "JD"],
    ["jean dupont", null, "JD"],
    ["Jean Pierre Dupont", null, "JP"],
    ["Madonna", "m@example.com", "M"],
    ["  Anne   Marie  ", null, "AM"],
    ["élodie martin", null, "ÉM"],
    ["Øyvind Ås", null, "ØÅ"],
  ])("takes the first letters of up to two words of the full name: %j → %s", (name, email, expected) => {
    expect(initials(name, email)).toBe(expected);
  });

  it("falls back to the e-mail when there is no full name", () => {
    expect(initials(null, "alice@example.com")).toBe("A");
    expect(initials(undefined, "bob@example.com")).toBe("B");
    expect(initials("", "carol@example.com")).toBe("C");
    expect(initials("   ", "dave@example.com")).toBe("D");
  });

  it("answers 'U' when there is neither", () => {
    expect(initials(null, null)).toBe("U");
    expect(initials("", "")).toBe("U");
    expect(initials(" ", " ")).toBe("U");
    expect(initials(undefined, undefined)).toBe("U");
  });

  it("never returns more than two characters, and keeps astral characters whole", () => {
    expect(initials("A B C D", null)).toHaveLength(2);
    expect([...initials("𝒜lpha 𝒝eta", null)]).toHaveLength(2);
    expect(initials("😀 Smile", null)).toBe("😀S");
  });
});

describe("emailLocalPart", () => {
  it("answers the part before the @", () => {
    expect(emailLocalPart("jean.dupont@example.com")).toBe("jean.dupont");
    expect(emailLocalPart("a+tag@b.c")).toBe("a+tag");
  });

  it("answers the whole string when there is no @", () => {
    expect(emailLocalPart("nobody")).toBe("nobody");
  });
});
