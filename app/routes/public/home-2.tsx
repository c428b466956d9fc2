import type { Route } from "./+types/home-2";
import { home2 } from "~/components/marketing/variants/content-home-2";
import { StandardLanding } from "~/components/marketing/variants/landing-sections";
import { landingLd, originFrom, seoMeta } from "~/lib/seo";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";

/** Home2 (/home-2): the same sections as Home1 with different copy, in French. */
/** A static page: no framework scripts, islands for its interactive parts (lib/static-page.ts). */
export const handle = { ...STATIC_PAGE, lang: "fr" as const };
export const clientLoader = loadAsDocument;
/** A server loader, so that the server renders the page itself (with a clientLoader alone, React Router would wait for the browser). */
export const loader = () => null;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: home2.meta.title,
    description: home2.meta.description,
    path: "/home-2",
    jsonLd: landingLd(originFrom(matches), { offers: home2.offers, path: "/home-2" }),
  });

export default function Home2() {
  return <StandardLanding content={home2} />;
}
