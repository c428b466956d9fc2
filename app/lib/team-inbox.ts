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

/** A queued request of a trial (issue 38): its queue state and its last error, if any. */
export type TrialRequest = { state: string; lastError: string | null };

/** Where a started trial article stands (models/team-trial.server.ts reads it; `trialSteps` says it). */
export type TrialProgress = {
  startedAt: Date;
  startedByName: string | null;
  approver: "client" | "team";
  /** Null once the page was deleted. */
  page: { id: number; siteId: number; name: string; url: string } | null;
  research: (TrialRequest & { results: number }) | null;
  outlineRequest: TrialRequest | null;
  outline: { status: "ready" | "approved"; approvedAt: Date | null; approvedByName: string | null } | null;
  article: TrialRequest | null;
  delivered: { versionId: number; at: Date } | null;
};

/** How a step stands: done, the team's to act on, under way, not yet, or failed. */
export type TrialStepTone = "done" | "action" | "running" | "todo" | "failed";

export type TrialStep = {
  key: "research" | "outline" | "approval" | "draft";
  name: string;
  status: string;
  tone: TrialStepTone;
  /** A reason (a failure's) to read under it. */
  detail?: string;
  /** Where to see or do it, among the site's screens (opened as the team, decision 026). */
  link?: { to: string; label: string };
};

const ENDED = ["done", "failed", "cancelled", "waiting"];
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** A queued request's state in the console's words, with its tone (a passing failure that will be retried reads as such). */
function requestStatus(request: TrialRequest, running: string): { status: string; tone: TrialStepTone; detail?: string } {
  switch (request.state) {
    case "running":
      return { status: running, tone: "running" };
    case "failed":
      return { status: "Échec", tone: "failed", detail: request.lastError ?? undefined };
    case "cancelled":
      return { status: "Annulé", tone: "failed" };
    case "waiting":
      return { status: "En attente d'un fournisseur", tone: "failed", detail: request.lastError ?? undefined };
    default:
      return request.lastError
        ? { status: "Nouvel essai prévu", tone: "running", detail: request.lastError }
        : { status: "En file d'attente", tone: "todo" };
  }
}

/**
 * The four steps of a trial article as the request's screen shows them (issue 38): the keyword's search, the
 * outline's writing, its approval (by the team or the client, as the brief says), and the first draft; each with
 * its link among the site's screens.
 */
export function trialSteps(trial: TrialProgress, dateText: (date: Date) => string): TrialStep[] {
  const page = trial.page;
  const base = page ? `/sites/${page.siteId}/pages/${page.id}` : null;
  const teamApproves = trial.approver === "team";

  const research: TrialStep = { key: "research", name: "Recherche", status: "—", tone: "todo" };
  if (trial.research) {
    if (trial.research.state === "done")
      Object.assign(research, { status: `Terminée : ${plural(trial.research.results, "résultat", "résultats")}`, tone: "done" });
    else {
      Object.assign(research, requestStatus(trial.research, "En cours"));
      if (ENDED.includes(trial.research.state)) research.status += " : le plan est écrit sans elle";
    }
  }
  if (base) research.link = { to: `${base}/keywords-for-page`, label: "Mot-clé et résultats" };

  const outline: TrialStep = { key: "outline", name: "Plan", status: "—", tone: "todo" };
  if (trial.outline) Object.assign(outline, { status: "Écrit", tone: "done" });
  else if (trial.outlineRequest) {
    const waitsForResearch = trial.outlineRequest.state === "queued" && trial.research !== null && !ENDED.includes(trial.research.state);
    Object.assign(
      outline,
      waitsForResearch ? { status: "Attend la recherche", tone: "todo" } : requestStatus(trial.outlineRequest, "En cours d'écriture"),
    );
  }

  const approval: TrialStep = { key: "approval", name: "Validation", status: "", tone: "todo" };
  const outlineLink = base ? { to: `${base}/outline`, label: "Voir le plan" } : undefined;
  if (trial.outline?.status === "approved") {
    Object.assign(approval, {
      status: `Validé${trial.outline.approvedAt ? ` le ${dateText(trial.outline.approvedAt)}` : ""}${trial.outline.approvedByName ? ` par ${trial.outline.approvedByName}` : ""}`,
      tone: "done",
      link: outlineLink,
    });
  } else if (trial.outline) {
    Object.assign(
      approval,
      teamApproves
        ? { status: "Plan prêt : à valider", tone: "action", link: outlineLink && { ...outlineLink, label: "Valider le plan" } }
        : { status: "Plan prêt : en attente du client", tone: "running", link: outlineLink },
    );
  } else approval.status = teamApproves ? "Par l'équipe, une fois le plan écrit" : "Par le client, une fois le plan écrit";
  if (trial.outline) outline.link = outlineLink;

  const draft: TrialStep = { key: "draft", name: "Brouillon", status: "Une fois le plan validé", tone: "todo" };
  if (trial.delivered) {
    Object.assign(draft, { status: `Livré le ${dateText(trial.delivered.at)}`, tone: "done" });
    if (base) draft.link = { to: `${base}/page-versions`, label: "Voir le brouillon" };
  } else if (trial.article) Object.assign(draft, requestStatus(trial.article, "En cours d'écriture"));

  return [research, outline, approval, draft];
}
