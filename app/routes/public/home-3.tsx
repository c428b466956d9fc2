import type { Route } from "./+types/home-3";
import { MarketingFooter } from "~/components/marketing/marketing-footer";
import { Section } from "~/components/marketing/section";
import { home3 } from "~/components/marketing/variants/content-home-3";
import { Hero } from "~/components/marketing/variants/hero";
import {
  ClosingSection,
  ComparisonSection,
  FaqSection,
  FeaturesSection,
  PricingSection,
  ProcessSection,
} from "~/components/marketing/variants/landing-sections";
import { LogoStrip } from "~/components/marketing/variants/logo-strip";
import { TestimonialCarousel } from "~/components/marketing/variants/testimonial-carousel";
import { landingLd, originFrom, seoMeta } from "~/lib/seo";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";

/**
 * Home3 (/home-3): hero, logo strip, 4-step process, comparison, feature grid, testimonial carousel,
 * 3-tier pricing, FAQ in two categories and a closing call to action.
 */
/** A static page: no framework scripts, islands for its interactive parts (lib/static-page.ts). */
export const handle = { ...STATIC_PAGE, lang: "en" as const };
export const clientLoader = loadAsDocument;
/** A server loader, so that the server renders the page itself (with a clientLoader alone, React Router would wait for the browser). */
export const loader = () => null;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: home3.meta.title,
    description: home3.meta.description,
    path: "/home-3",
    jsonLd: landingLd(originFrom(matches), { offers: home3.offers, path: "/home-3" }),
  });

export default function Home3() {
  const { testimonials } = home3;
  return (
    <>
      <main id="main" className="flex-1">
        <Hero content={home3.hero} />
        <LogoStrip title={home3.logos.title} intro={home3.logos.intro} />
        <ProcessSection content={home3.process} />
        <ComparisonSection content={home3.comparison} />
        <FeaturesSection content={home3.features} columns={3} />
        <Section id="testimonials" eyebrow={testimonials.eyebrow} title={testimonials.title} intro={testimonials.intro} tone="muted">
          <TestimonialCarousel
            items={testimonials.items}
            label="Client testimonials"
            hint="Swipe to read more reviews, or use the arrow keys."
          />
        </Section>
        <PricingSection content={home3.pricing} />
        <FaqSection content={home3.faq} byCategory />
        <ClosingSection content={home3.closing} lang="en" />
      </main>
      <MarketingFooter />
    </>
  );
}
