import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundPage } from "~/components/not-found-page";
import { BRAND_NAME } from "~/lib/constants";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";

/** A static page: no framework scripts (lib/static-page.ts). */
export const handle = { ...STATIC_PAGE };
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = () => [{ title: `Page introuvable – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];

export function loader() {
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
