import type { Route } from "./+types/maintenance";
import { seoMeta } from "~/lib/seo";
import { BRAND_NAME } from "~/lib/constants";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";

/** A static page: no framework scripts (lib/static-page.ts). */
export const handle = { ...STATIC_PAGE };
export const clientLoader = loadAsDocument;
/** A server loader, so that the server renders the page itself (with a clientLoader alone, React Router would wait for the browser). */
export const loader = () => null;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: `Site en cours de développement – ${BRAND_NAME}`,
    description: "Site en cours de développement. Lancement prévu prochainement.",
    path: "/maintenance",
    noindex: true,
  });

export default function Maintenance() {
  return (
    <main id="main" className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center">
      <h1 className="text-3xl font-semibold">Site en cours de développement</h1>
      <p className="text-muted-foreground">Lancement prévu prochainement</p>
    </main>
  );
}
