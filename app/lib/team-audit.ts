/** What the team's audit log records (issue 14), with the words the console shows; shared by the writer and the screen. */
export const AUDIT_ACTIONS = {
  "role.set": "Rôle attribué",
  "two_factor.enabled": "Connexion en deux étapes activée",
  "inbox.assigned": "Demande attribuée",
  "inbox.handled": "Demande traitée",
  "inbox.reopened": "Demande rouverte",
  "inbox.replied": "Réponse envoyée",
  "inbox.trial_started": "Article d'essai lancé",
  "inbox.trial_delivered": "Brouillon d'essai livré, demande close",
  "outline.approved": "Plan validé par l'équipe",
  "site.given": "Site donné à un client",
  "site.invited": "Invitation envoyée",
  "site.rounds_set": "Révisions incluses changées",
  "site.checks_cap_set": "Plafond des vérifications changé",
  "site.revisions_wait_set": "Confirmation des révisions changée",
  "site.sources_refusal_set": "Refus des sources à corriger changé",
  "revision.confirmed": "Révision lancée",
  "version.released": "Article retenu transmis au client",
  "invitation.claimed": "Invitation acceptée",
  "user.banned": "Compte banni",
  "user.unbanned": "Bannissement levé",
  "user.impersonated": "Session ouverte en tant que client",
  "user.impersonation_stopped": "Retour de la session client",
  "work.retried": "Travaux relancés",
  "work.cancelled": "Travaux annulés",
  "page.demo_set": "Page marquée comme démo",
  "page.demo_cleared": "Page retirée des démos",
  "llm.added": "LLM ajouté",
  "llm.updated": "LLM modifié",
  "tone.added": "Ton partagé ajouté",
  "tone.updated": "Ton partagé modifié",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Lines per page of the console's audit log. */
export const AUDIT_PAGE_SIZE = 50;
