/**
 * Missing records, for both sides. A record that is missing or belongs to another account is one and the same
 * thing to its reader: the model throws `NotFoundError`, a loader answers 404 with the spec's wording
 * (`requireOwnedSite`... in models/access.server.ts), an action answers its intent's failure
 * (`runIntent` in services/route-action.server.ts). Neither says which of the two it was.
 */
import { data } from "react-router";
import { toId } from "./form-id";

/** The spec's one wording for a record that is missing or belongs to someone else. */
export const PERMISSION_WORDING = "The requested site does not exist or you don't have permission to access it.";

export type NotFoundBody = { title: string; message: string };

export const SITE_NOT_FOUND: NotFoundBody = { title: "Site not found", message: PERMISSION_WORDING };
export const PAGE_NOT_FOUND: NotFoundBody = {
  title: "Page not found",
  message: "The requested page does not exist or you don't have permission to access it.",
};
export const ARTICLE_NOT_FOUND: NotFoundBody = { title: "Article not found", message: "The requested article could not be found." };

/** What was not found; a version is shown to its reader as an article. */
export type RecordKind = "site" | "page" | "version";

export const NOT_FOUND_BODIES: Record<RecordKind, NotFoundBody> = {
  site: SITE_NOT_FOUND,
  page: PAGE_NOT_FOUND,
  version: ARTICLE_NOT_FOUND,
};

/** A record that is missing or another account's (the models never tell the two apart). */
export class NotFoundError extends Error {
  constructor(public readonly kind: RecordKind) {
    super(`${kind} not found`);
  }
}

/**
 * Parses a route parameter as an id (lib/form-id.ts); anything else is a missing record. A form's id field is
 * read with `formId` instead: there, no id is a request to refuse (400), not a missing record.
 */
export function parseId(value: string | undefined | null, kind: RecordKind): number {
  const id = toId(value);
  if (id === null) throw new NotFoundError(kind);
  return id;
}

/** Throws a 404 answer a route's error boundary shows (components/route-error.tsx). */
export function throwNotFound(body: NotFoundBody): never {
  throw data(body, { status: 404 });
}

/** A route parameter that must be a positive integer id; anything else answers 404 (the console's screens). */
export function idOr404(value: string | undefined): number {
  const id = toId(value);
  if (id === null) throw data(null, { status: 404 });
  return id;
}
