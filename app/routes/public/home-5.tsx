import { CalendarCheck, Tag } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home-5";
import { ComparisonTable } from "~/components/marketing/comparison-table";
import { CtaSection } from "~/components/marketing/cta-section";
import { MarketingFooter } from "~/components/marketing/marketing-footer";
import { ProcessSteps } from "~/components/marketing/process-steps";
import { Section } from "~/components/marketing/section";
import { TestimonialCard } from "~/components/marketing/testimonial-card";
import { SoloHero } from "~/components/marketing/solo/solo-hero";
import { SoloPricingSection } from "~/components/marketing/solo/solo-pricing";
import { AuthorSection, SoloFaqSection } from "~/components/marketing/solo/solo-sections";
import { HOME5 } from "~/components/marketing/solo/home-5-copy";
import { SOLO_COMPARISON, SOLO_PROCESS, SOLO_TESTIMONIALS, TRIAL_PRICE_FAQ } from "~/components/marketing/solo/solo-copy";
import { TRIAL_OFFERS } from "~/components/marketing/solo/variants";
import { Button } from "~/components/ui/button";
import { landingLd, originFrom, seoMeta } from "~/lib/seo";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";

/** The strategy-call button (spec part 3: it goes to /auth). */
const CALL_HREF = "/auth";

/** Home5: the solo variant with testimonials, process, three-way comparison, price card, FAQ and author card. */
/** A static page: no framework scripts, islands for its interactive parts (lib/static-page.ts). */
export const handle = { ...STATIC_PAGE, lang: "en" as const };
export const clientLoader = loadAsDocument;
/** A server loader, so that the server renders the page itself (with a clientLoader alone, React Router would wait for the browser). */
export const loader = () => null;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: HOME5.title,
    description: HOME5.description,
    path: "/home-5",
    jsonLd: landingLd(originFrom(matches), { offers: TRIAL_OFFERS, path: "/home-5" }),
  });

/** The strategy-call button (spec part 3: it goes to /auth). */
function StrategyCallButton({ variant = "default" }: { variant?: "default" | "secondary" }) {
  return (
    <Button asChild size="lg" variant={variant} className="h-auto min-h-11 w-full px-6 py-2 whitespace-normal sm:w-auto">
      <Link to={CALL_HREF}>
        <CalendarCheck aria-hidden="true" />
        {HOME5.callLabel}
      </Link>
    </Button>
  );
}

export default function Home5() {
  return (
    <>
      <main id="main" className="flex-1">
        <SoloHero {...HOME5.hero} withPortrait={false}>
          <StrategyCallButton />
          <Button asChild size="lg" variant="outline" className="h-11 w-full px-6 sm:w-auto">
            <a href="#pricing">
              <Tag aria-hidden="true" />
              See my pricing
            </a>
          </Button>
        </SoloHero>

        <Section id="testimonials" eyebrow="Testimonials" title="Site owners who trusted me with their content" tone="muted">
          <ul className="grid gap-6 md:grid-cols-3">
            {SOLO_TESTIMONIALS.map((testimonial) => (
              <li key={testimonial.name}>
                <TestimonialCard testimonial={testimonial} />
              </li>
            ))}
          </ul>
        </Section>

        <Section id="how" eyebrow="Process" title="From brief to published article in four steps" intro={HOME5.processIntro}>
          <ProcessSteps steps={SOLO_PROCESS} />
        </Section>

        <Section id="comparison" eyebrow="Compare" title="Me, a freelancer or a DIY AI tool?" intro={HOME5.comparisonIntro} tone="muted">
          {/* The table's scroll frame must be positioned, or its screen-reader-only labels (absolutely
              positioned) escape it and widen the whole page on a phone. */}
          <div className="[&_[role=region]]:relative">
            <ComparisonTable
              rows={SOLO_COMPARISON}
              caption="My service compared with freelance writers and DIY AI tools"
              labels={{ service: "My service", freelance: "Freelancers", diy: "DIY AI tools" }}
            />
          </div>
        </Section>

        <SoloPricingSection kind="trial" tone="plain" />

        <AuthorSection />

        <SoloFaqSection items={[TRIAL_PRICE_FAQ]} tone="plain" />

        <CtaSection id="strategy-call" title={HOME5.closing.title} intro={HOME5.closing.intro}>
          <StrategyCallButton variant="secondary" />
        </CtaSection>
      </main>
      <MarketingFooter />
    </>
  );
}
