import type { Route } from "./+types/home-1";
import { home1 } from "~/components/marketing/variants/content-home-1";
import { StandardLanding } from "~/components/marketing/variants/landing-sections";
import { landingLd, originFrom, seoMeta } from "~/lib/seo";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";

/** Home (/home-1): the team-voice landing variant, in English. */
/** A static page: no framework scripts, islands for its interactive parts (lib/static-page.ts). */
export const handle = { ...STATIC_PAGE, lang: "en" as const };
export const clientLoader = loadAsDocument;
/** A server loader, so that the server renders the page itself (with a clientLoader alone, React Router would wait for the browser). */
export const loader = () => null;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: home1.meta.title,
    description: home1.meta.description,
    path: "/home-1",
    jsonLd: landingLd(originFrom(matches), { offers: home1.offers, path: "/home-1" }),
  });

export default function Home1() {
  return <StandardLanding content={home1} />;
}
