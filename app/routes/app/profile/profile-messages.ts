/** French texts of the profile page's LinkedIn card (errors are toasts). */
export const LINKEDIN_MESSAGES = {
  title: "Connectez votre compte LinkedIn",
  notConfigured: "La connexion à LinkedIn n'est pas encore disponible.",
  notConfiguredHint: "Elle vous sera proposée ici dès que notre équipe l'aura activée.",
  connect: "Connecter LinkedIn",
  connecting: "Redirection vers LinkedIn...",
  connected: "Connecté",
  disconnect: "Déconnecter",
  disconnecting: "Déconnexion...",
  disconnected: "Compte LinkedIn déconnecté",
  linkFailed: "Impossible de lancer la connexion à LinkedIn. Veuillez réessayer.",
  unlinkFailed: "Impossible de déconnecter votre compte LinkedIn. Veuillez réessayer.",
  lastAccount: "Impossible de déconnecter LinkedIn : c'est le seul moyen de vous connecter à votre compte.",
  notFresh: "Pour des raisons de sécurité, reconnectez-vous puis réessayez.",
  notLinked: "Aucun compte LinkedIn n'est connecté.",
  signedOut: "Vous devez être connecté pour gérer votre compte LinkedIn.",
} as const;

/** The French toast for an error code that better-auth adds to /profile after a failed LinkedIn link. */
export function linkCallbackError(code: string): string {
  switch (code) {
    case "email_does_not_match":
      return "L'adresse e-mail de votre compte LinkedIn ne correspond pas à celle de votre compte.";
    case "account_already_linked_to_different_user":
      return "Ce compte LinkedIn est déjà associé à un autre utilisateur.";
    case "access_denied":
    case "user_cancelled_login":
    case "user_cancelled_authorize":
      return "La connexion à LinkedIn a été annulée.";
    default:
      return "La connexion de votre compte LinkedIn a échoué. Veuillez réessayer.";
  }
}
