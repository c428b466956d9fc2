/** French wording of the authentication service's failures, shown under the spec's toast titles. */
export function authErrorMessage(code: string | undefined, status: number, retryAfterSeconds?: number): string {
  if (status === 429) {
    const seconds = retryAfterSeconds && retryAfterSeconds > 0 ? retryAfterSeconds : 60;
    return `Trop de tentatives. Réessayez dans ${formatWait(seconds)}.`;
  }
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return "E-mail ou mot de passe incorrect.";
    case "EMAIL_NOT_VERIFIED":
      return "Votre adresse e-mail n'est pas encore confirmée. Nous vous avons envoyé un nouveau lien de confirmation.";
    case "INVALID_EMAIL":
      return "Veuillez saisir une adresse e-mail valide.";
    case "PASSWORD_TOO_SHORT":
      return "Le mot de passe doit contenir au moins 8 caractères.";
    case "PASSWORD_TOO_LONG":
      return "Le mot de passe ne peut pas dépasser 128 caractères.";
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
      return "Ce lien est invalide ou a expiré. Demandez-en un nouveau.";
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return "Impossible de créer ce compte. Connectez-vous ou réinitialisez votre mot de passe.";
    case "INVALID_PASSWORD":
      return "Le mot de passe est incorrect.";
    case "INVALID_CODE":
      return "Ce code n'est pas valide. Vérifiez l'heure de votre téléphone et saisissez le code affiché maintenant.";
    case "INVALID_BACKUP_CODE":
      return "Ce code de secours n'est pas valide, ou a déjà servi.";
    case "INVALID_TWO_FACTOR_COOKIE":
      return "La connexion a expiré. Saisissez à nouveau votre e-mail et votre mot de passe.";
    case "BANNED_USER":
      // Said only after the right password: better-auth checks the ban when it opens the session.
      return "Ce compte a été suspendu. Pour en savoir plus, écrivez-nous depuis le formulaire de contact.";
    case "INVALID_ORIGIN":
    case "MISSING_OR_NULL_ORIGIN":
    case "CROSS_SITE_NAVIGATION_LOGIN_BLOCKED":
      return "La demande a été refusée par mesure de sécurité. Rechargez la page et réessayez.";
    default:
      return "Une erreur est survenue. Veuillez réessayer.";
  }
}

/**
 * A refused call of the authentication service, as a form answers it: the French message, and 429 when the
 * service said to wait (400 otherwise: better-auth's 401 for a wrong code or password is the form's fault).
 */
export function authRefusal(result: { code?: string; status: number; retryAfterSeconds?: number }): { message: string; status: 400 | 429 } {
  return {
    message: authErrorMessage(result.code, result.status, result.retryAfterSeconds),
    status: result.status === 429 ? 429 : 400,
  };
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} seconde${seconds > 1 ? "s" : ""}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? "s" : ""}`;
}
