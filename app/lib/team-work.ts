/** The team's work queue (issue 14): its words, shared by the console's models and screens. */

export const WORK_KINDS = {
  contact_form: "Formulaire de contact",
  send_email: "E-mail",
  serps: "Résultats de recherche",
  llm_answers: "Réponses des LLM",
  create_outline: "Plan d'article",
  create_article: "Création d'article",
  modify_articles_with_instructions: "Modification d'article",
  create_cover_image: "Image de couverture",
  publish_article: "Publication WordPress",
  notification_email: "E-mail de notification",
  notification_digest: "Récapitulatif des notifications",
} as const;
export type WorkKind = keyof typeof WORK_KINDS;

export const WORK_STATES = {
  queued: "En file",
  running: "En cours",
  waiting: "En attente d'un fournisseur",
  failed: "Échec",
  done: "Terminé",
  cancelled: "Annulé",
} as const;
export type WorkState = keyof typeof WORK_STATES;

/** The queue's state filter: the stuck ones, or one state. */
export const WORK_STATE_FILTERS = { stuck: "Bloqués", ...WORK_STATES } as const;

/** "Older than" filters of the queue. */
export const WORK_AGES = { "1h": "Plus d'une heure", "24h": "Plus d'un jour", "7d": "Plus d'une semaine" } as const;
export type WorkAge = keyof typeof WORK_AGES;

/** Lines per page of the queue, and how many requests one bulk action takes at most. */
export const WORK_PAGE_SIZE = 50;
export const WORK_BULK_MAX = WORK_PAGE_SIZE;

/** A duration in milliseconds as "850 ms", "12,4 s", "3 min 05". */
export function workDuration(ms: number | null): string {
  if (ms === null || ms < 0) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace(".", ",")} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")}`;
}
