import { describe, expect, it } from "vitest";
import { PASSWORD_MISMATCH, resetRequestSchema, signInSchema, signUpSchema, updatePasswordSchema } from "./auth";
import { formOf as form, parseForTest as parse } from "./form-test-helpers";

describe("signUpSchema", () => {
  const valid = { fullName: "Jean Dupont", email: "jean@example.com", password: "12345678", confirmPassword: "12345678" };

  it("accepts a valid sign-up and lower-cases and trims the e-mail", () => {
    const result = signUpSchema.parse({ ...valid, email: "  Jean.Dupont@Example.COM " });
    expect(result.email).toBe("jean.dupont@example.com");
    expect(result.fullName).toBe("Jean Dupont");
  });

  it("refuses different passwords with the spec's wording, on the confirmation field", () => {
    expect(PASSWORD_MISMATCH).toBe("Les mots de passe ne correspondent pas");
    const result = parse(signUpSchema, { ...valid, confirmPassword: "87654321" });
    expect(result).toEqual({ ok: false, errors: { confirmPassword: "Les mots de passe ne correspondent pas" } });
  });

  it("needs at least 8 characters and at most 128, with no composition rule", () => {
    const short = parse(signUpSchema, { ...valid, password: "1234567", confirmPassword: "1234567" });
    expect(short.ok).toBe(false);
    expect(!short.ok && short.errors.password).toBe("Le mot de passe doit contenir au moins 8 caractères");
    expect(signUpSchema.safeParse({ ...valid, password: "aaaaaaaa", confirmPassword: "aaaaaaaa" }).success).toBe(true);
    const long = "x".repeat(129);
    const tooLong = parse(signUpSchema, { ...valid, password: long, confirmPassword: long });
    expect(!tooLong.ok && tooLong.errors.password).toBe("Le mot de passe ne peut pas dépasser 128 caractères");
    const max = "x".repeat(128);
    expect(signUpSchema.safeParse({ ...valid, password: max, confirmPassword: max }).success).toBe(true);
  });

  it("makes the full name optional", () => {
    const { fullName: _, ...withoutName } = valid;
    expect(signUpSchema.parse(withoutName).fullName).toBe("");
    expect(signUpSchema.parse({ ...valid, fullName: "   " }).fullName).toBe("");
  });

  it("refuses an invalid or empty e-mail in French", () => {
    const invalid = parse(signUpSchema, { ...valid, email: "not-an-email" });
    expect(!invalid.ok && invalid.errors.email).toBe("Veuillez saisir une adresse e-mail valide");
    const empty = parse(signUpSchema, { ...valid, email: "  " });
    expect(!empty.ok && empty.errors.email).toBe("L'adresse e-mail est requise");
  });

  it("reads a FormData and reports the first message per field", () => {
    const result = parse(signUpSchema, form({ email: "", password: "", confirmPassword: "" }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toMatchObject({ email: "L'adresse e-mail est requise", password: "Le mot de passe est requis" });
  });
});

describe("signInSchema", () => {
  it("lower-cases the e-mail and needs a password", () => {
    expect(signInSchema.parse({ email: "A@B.CO", password: "x" })).toEqual({ email: "a@b.co", password: "x" });
    const missing = parse(signInSchema, { email: "a@b.co", password: "" });
    expect(!missing.ok && missing.errors.password).toBe("Le mot de passe est requis");
  });

  it("does not apply the sign-up length rule to sign-in (old passwords still work)", () => {
    expect(signInSchema.safeParse({ email: "a@b.co", password: "short" }).success).toBe(true);
  });
});

describe("resetRequestSchema and updatePasswordSchema", () => {
  it("lower-cases the reset e-mail", () => {
    expect(resetRequestSchema.parse({ email: " X@Y.FR" })).toEqual({ email: "x@y.fr" });
  });

  it("refuses a mismatch and a short password when setting a new one", () => {
    const mismatch = parse(updatePasswordSchema, { password: "abcdefgh", confirmPassword: "abcdefgi", token: "t" });
    expect(mismatch).toEqual({ ok: false, errors: { confirmPassword: "Les mots de passe ne correspondent pas" } });
    const short = parse(updatePasswordSchema, { password: "abc", confirmPassword: "abc" });
    expect(!short.ok && short.errors.password).toMatch(/au moins 8/);
    expect(parse(updatePasswordSchema, { password: "abcdefgh", confirmPassword: "abcdefgh", token: "t" })).toEqual({
      ok: true,
      data: { password: "abcdefgh", confirmPassword: "abcdefgh", token: "t" },
    });
  });

  it("needs the current password without a reset link's token, and not with one", () => {
    expect(parse(updatePasswordSchema, { password: "abcdefgh", confirmPassword: "abcdefgh" })).toEqual({
      ok: false,
      errors: { currentPassword: "Le mot de passe actuel est requis" },
    });
    expect(parse(updatePasswordSchema, { currentPassword: "old-one!", password: "abcdefgh", confirmPassword: "abcdefgh" })).toEqual({
      ok: true,
      data: { currentPassword: "old-one!", password: "abcdefgh", confirmPassword: "abcdefgh" },
    });
  });
});
