import type { Route } from "./+types/home-1";
import { home1 } from "~/components/marketing/variants/content-home-1";
import { StandardLanding } from "~/components/marketing/variants/landing-sections";
import { landingLd, originFrom, seoMeta } from "~/lib/seo";

/** Home (/home-1): the team-voice landing variant, in English. */
export const handle = { lang: "en" };

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
