import type { Route } from "./+types/home-4";
import { SoloLanding } from "~/components/marketing/solo/solo-landing";
import { SOLO_VARIANTS } from "~/components/marketing/solo/variants";
import { landingLd, originFrom, seoMeta } from "~/lib/seo";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";

/** Home4: the hybrid solo-expert landing with its single 195€ price card (spec part 3, landing-page variants). */
const variant = SOLO_VARIANTS["home-4"];

/** A static page: no framework scripts, islands for its interactive parts (lib/static-page.ts). */
export const handle = { ...STATIC_PAGE, lang: "en" as const };
export const clientLoader = loadAsDocument;
/** A server loader, so that the server renders the page itself (with a clientLoader alone, React Router would wait for the browser). */
export const loader = () => null;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: variant.title,
    description: variant.description,
    path: variant.path,
    jsonLd: landingLd(originFrom(matches), { offers: variant.offers, path: "/home-4" }),
  });

export default function Home4() {
  return <SoloLanding variant={variant} />;
}
