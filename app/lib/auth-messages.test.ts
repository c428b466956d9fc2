import { describe, expect, it } from "vitest";
import { authErrorMessage, authRefusal, formatWait } from "./auth-messages";

describe("authErrorMessage", () => {
  it.each([
    ["INVALID_EMAIL_OR_PASSWORD", "E-mail ou mot de passe incorrect."],
    ["EMAIL_NOT_VERIFIED", "Votre adresse e-mail n'est pas encore confirmée. Nous vous avons envoyé un nouveau lien de confirmation."],
    ["INVALID_EMAIL", "Veuillez saisir une adresse e-mail valide."],
    ["PASSWORD_TOO_SHORT", "Le mot de passe doit contenir au moins 8 caractères."],
    ["PASSWORD_TOO_LONG", "Le mot de passe ne peut pas dépasser 128 caractères."],
    ["INVALID_TOKEN", "Ce lien est invalide ou a expiré. Demandez-en un nouveau."],
    ["TOKEN_EXPIRED", "Ce lien est invalide ou a expiré. Demandez-en un nouveau."],
    ["USER_ALREADY_EXISTS", "Impossible de créer ce compte. Connectez-vous ou réinitialisez votre mot de passe."],
    ["USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL", "Impossible de créer ce compte. Connectez-vous ou réinitialisez votre mot de passe."],
    ["BANNED_USER", "Ce compte a été suspendu. Pour en savoir plus, écrivez-nous depuis le formulaire de contact."],
    ["INVALID_ORIGIN", "La demande a été refusée par mesure de sécurité. Rechargez la page et réessayez."],
    ["MISSING_OR_NULL_ORIGIN", "La demande a été refusée par mesure de sécurité. Rechargez la page et réessayez."],
    ["CROSS_SITE_NAVIGATION_LOGIN_BLOCKED", "La demande a été refusée par mesure de sécurité. Rechargez la page et réessayez."],
  ])("words %s in French", (code, message) => {
    expect(authErrorMessage(code, 400)).toBe(message);
  });

  it("answers a generic message for an unknown or missing code", () => {
    expect(authErrorMessage("SOMETHING_NEW", 500)).toBe("Une erreur est survenue. Veuillez réessayer.");
    expect(authErrorMessage(undefined, 500)).toBe("Une erreur est survenue. Veuillez réessayer.");
  });

  it("tells how long to wait on 429, whatever the code", () => {
    expect(authErrorMessage("INVALID_EMAIL_OR_PASSWORD", 429, 42)).toBe("Trop de tentatives. Réessayez dans 42 secondes.");
    expect(authErrorMessage(undefined, 429, 1)).toBe("Trop de tentatives. Réessayez dans 1 seconde.");
    expect(authErrorMessage(undefined, 429, 600)).toBe("Trop de tentatives. Réessayez dans 10 minutes.");
  });

  it("assumes a minute on 429 without a usable delay", () => {
    expect(authErrorMessage(undefined, 429)).toBe("Trop de tentatives. Réessayez dans 1 minute.");
    expect(authErrorMessage(undefined, 429, 0)).toBe("Trop de tentatives. Réessayez dans 1 minute.");
    expect(authErrorMessage(undefined, 429, -5)).toBe("Trop de tentatives. Réessayez dans 1 minute.");
  });
});

describe("formatWait", () => {
  it.each([
    [1, "1 seconde"],
    [2, "2 secondes"],
    [59, "59 secondes"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [120, "2 minutes"],
    [3600, "60 minutes"],
  ])("%i s → %s", (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});

describe("authRefusal", () => {
  it("says a wrong two-factor code as such, though better-auth answers it 401 (not an expired sign-in)", () => {
    expect(authRefusal({ code: "INVALID_CODE", status: 401 })).toEqual({
      message: "Ce code n'est pas valide. Vérifiez l'heure de votre téléphone et saisissez le code affiché maintenant.",
      status: 400,
    });
    expect(authRefusal({ code: "INVALID_BACKUP_CODE", status: 401 }).message).toBe("Ce code de secours n'est pas valide, ou a déjà servi.");
    expect(authRefusal({ code: "INVALID_TWO_FACTOR_COOKIE", status: 401 }).message).toMatch(/^La connexion a expiré/);
  });

  it("keeps 429 and its wait, and answers anything else 400", () => {
    expect(authRefusal({ code: "ACCOUNT_TEMPORARILY_LOCKED", status: 429, retryAfterSeconds: 120 })).toEqual({
      message: "Trop de tentatives. Réessayez dans 2 minutes.",
      status: 429,
    });
    expect(authRefusal({ code: "INVALID_PASSWORD", status: 400 })).toEqual({ message: "Le mot de passe est incorrect.", status: 400 });
    expect(authRefusal({ status: 500 }).status).toBe(400);
  });
});
