/**
 * Where a client's request stands, in the client's words. The queue's own states, reasons, attempts,
 * provider settings and costs are the team's: they stay in the database and the server log.
 */
export type RequestStatus = "requested" | "in-progress" | "ready" | "delayed" | "not-published" | "cancelled";

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  requested: "Requested",
  "in-progress": "In progress",
  ready: "Ready",
  delayed: "Delayed, the team is on it",
  "not-published": "Not published, see why above",
  cancelled: "Cancelled",
};

/**
 * The client's status of a queued action: a request waiting for a provider, failed, or waiting for another
 * attempt after a failed one is delayed (the team sees why); the rest reads as it is. A publish that failed is the
 * client's own site refusing it (credentials, rights, a deleted post): the page's publishing card says why and
 * offers Retry, so the line points there instead of to the team.
 */
export function requestStatus(state: string, hadError: boolean, action?: string): RequestStatus {
  if (action === "publish_article" && state === "failed") return "not-published";
  switch (state) {
    case "running":
      return "in-progress";
    case "done":
      return "ready";
    case "cancelled":
      return "cancelled";
    case "failed":
    case "waiting":
      return "delayed";
    default:
      return hadError ? "delayed" : "requested";
  }
}
