import { useLocation } from "react-router";
import type { Route } from "./+types/home-4-pricing";
import { SoloLanding } from "~/components/marketing/solo/solo-landing";
import { pricingVariantOf } from "~/components/marketing/solo/variants";
import { landingLd, originFrom, seoMeta } from "~/lib/seo";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";

/**
 * /home-4-pricing-openai, /home-4-pricing-antropic and /home-4-pricing-google: the solo-expert landing with
 * the 1€ card (openai, google) or the timeline-style 1€ card (antropic). One module, three route ids; the
 * variant is read from the path.
 */
/** A static page: no framework scripts, islands for its interactive parts (lib/static-page.ts). */
export const handle = { ...STATIC_PAGE, lang: "en" as const };
export const clientLoader = loadAsDocument;
/** A server loader, so that the server renders the page itself (with a clientLoader alone, React Router would wait for the browser). */
export const loader = () => null;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const variant = pricingVariantOf(location.pathname);
  return seoMeta(matches, {
    title: variant.title,
    description: variant.description,
    path: variant.path,
    jsonLd: landingLd(originFrom(matches), { offers: variant.offers, path: location.pathname }),
  });
};

export default function Home4Pricing() {
  const { pathname } = useLocation();
  return <SoloLanding variant={pricingVariantOf(pathname)} />;
}
