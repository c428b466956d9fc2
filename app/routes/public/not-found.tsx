import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { Footer } from "~/components/footer";
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
  return (
    <>
      <main className="mx-auto flex max-w-lg flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
        <p className="text-6xl font-bold text-primary">404</p>
        <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
        <Link to="/" className="text-primary underline underline-offset-4">
          Return to Home
        </Link>
      </main>
      <Footer />
    </>
  );
}
