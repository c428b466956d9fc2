import { data } from "react-router";

/** The spec's one wording for a record that is missing or belongs to someone else. */
export const PERMISSION_WORDING = "The requested site does not exist or you don't have permission to access it.";

export type NotFoundBody = { title: string; message: string };

export const SITE_NOT_FOUND: NotFoundBody = { title: "Site not found", message: PERMISSION_WORDING };
export const PAGE_NOT_FOUND: NotFoundBody = {
  title: "Page not found",
  message: "The requested page does not exist or you don't have permission to access it.",
};
export const ARTICLE_NOT_FOUND: NotFoundBody = { title: "Article not found", message: "The requested article could not be found." };

/** Throws a 404 answer a route's error boundary shows (components/route-error.tsx). */
export function throwNotFound(body: NotFoundBody): never {
  throw data(body, { status: 404 });
}
