import type { Route } from "./+types/home-4";
import { SoloLanding } from "~/components/marketing/solo/solo-landing";
import { SOLO_VARIANTS } from "~/components/marketing/solo/variants";
import { landingLd, originFrom, seoMeta } from "~/lib/seo";

/** Home4: the hybrid solo-expert landing with its single 195€ price card (spec part 3, landing-page variants). */
const variant = SOLO_VARIANTS["home-4"];

export const handle = { lang: "en" };

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
