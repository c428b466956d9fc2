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
    case "INVALID_ORIGIN":
    case "MISSING_OR_NULL_ORIGIN":
    case "CROSS_SITE_NAVIGATION_LOGIN_BLOCKED":
      return "La demande a été refusée par mesure de sécurité. Rechargez la page et réessayez.";
    default:
      return "Une erreur est survenue. Veuillez réessayer.";
  }
}

export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} seconde${seconds > 1 ? "s" : ""}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? "s" : ""}`;
}
