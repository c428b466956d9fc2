/** The team's inbox (issue 14): its words and the first-article promise, shared by the console's models and screens. */

export const INBOX_KINDS = {
  first_article: "Premier article",
  contact: "Message de contact",
  review: "Décision de relecture",
} as const;
export type InboxKind = keyof typeof INBOX_KINDS;

export const REVIEW_DECISIONS = { revision: "Renvoyé en révision", approved: "Approuvé" } as const;
export type ReviewDecision = keyof typeof REVIEW_DECISIONS;

/** The inbox's views: what still needs a person, what is mine, what is done, everything. */
export const INBOX_VIEWS = { open: "À traiter", mine: "Les miens", handled: "Traités", all: "Tous" } as const;
export type InboxView = keyof typeof INBOX_VIEWS;

/** Items per page of the inbox. */
export const INBOX_PAGE_SIZE = 30;

const HOUR = 3_600_000;

/**
 * Where a first-article request stands against the public promise ("within 24-48 hours"): first the 24 hours,
 * then the 48 hours, then overdue. `msLeft` is the time to the stage's limit (negative once overdue).
 */
export function firstArticleDue(receivedAt: Date, now: Date): { stage: "24h" | "48h" | "overdue"; msLeft: number } {
  const elapsed = now.getTime() - receivedAt.getTime();
  if (elapsed < 24 * HOUR) return { stage: "24h", msLeft: 24 * HOUR - elapsed };
  if (elapsed < 48 * HOUR) return { stage: "48h", msLeft: 48 * HOUR - elapsed };
  return { stage: "overdue", msLeft: 48 * HOUR - elapsed };
}

/** A duration as the console says it: "3 h 05", "45 min", "2 j 4 h". */
export function durationText(ms: number): string {
  const minutes = Math.max(0, Math.floor(Math.abs(ms) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, "0")}`;
  return `${Math.floor(hours / 24)} j ${hours % 24} h`;
}

/** The promise's line for a request still open: "24 h : reste 5 h 10", "48 h : reste 3 h 00", "En retard de 2 h 15". */
export function firstArticleDueText(receivedAt: Date, now: Date): { text: string; overdue: boolean } {
  const due = firstArticleDue(receivedAt, now);
  if (due.stage === "overdue") return { text: `En retard de ${durationText(due.msLeft)}`, overdue: true };
  return { text: `${due.stage === "24h" ? "24 h" : "48 h"} : reste ${durationText(due.msLeft)}`, overdue: false };
}
