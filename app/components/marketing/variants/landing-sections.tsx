import { ShieldCheck } from "lucide-react";
import { ComparisonTable } from "~/components/marketing/comparison-table";
import { CtaSection } from "~/components/marketing/cta-section";
import { Faq } from "~/components/marketing/faq";
import { MarketingFooter } from "~/components/marketing/marketing-footer";
import { PricingCard, type PricingPlan } from "~/components/marketing/pricing-card";
import { FeatureGrid, ProcessSteps } from "~/components/marketing/process-steps";
import { Section } from "~/components/marketing/section";
import { TestimonialCard } from "~/components/marketing/testimonial-card";
import { CtaButton } from "~/components/marketing/variants/cta-button";
import { Hero } from "~/components/marketing/variants/hero";
import type { LandingContent } from "~/components/marketing/variants/types";
import { usePublicConfig } from "~/lib/public-config";
import { cn } from "~/lib/utils";

/** Screen-reader hint for links that open a new tab, in the page's language. */
export function newTabLabel(lang: LandingContent["lang"]) {
  return lang === "fr" ? "s'ouvre dans un nouvel onglet" : "opens in a new tab";
}

export function ProcessSection({ content }: { content: LandingContent["process"] }) {
  return (
    <Section id="how" eyebrow={content.eyebrow} title={content.title} intro={content.intro}>
      <ProcessSteps steps={content.steps} />
    </Section>
  );
}

export function ComparisonSection({ content }: { content: LandingContent["comparison"] }) {
  return (
    <Section id="compare" eyebrow={content.eyebrow} title={content.title} intro={content.intro} tone="muted">
      {/* `relative overflow-hidden`: the table's screen-reader-only labels are positioned absolutely and would
          otherwise escape its scrolling frame and widen the page on phones. */}
      <div className="relative mx-auto -my-1 max-w-5xl overflow-hidden p-1">
        <ComparisonTable rows={content.rows} caption={content.caption} labels={content.labels} />
      </div>
    </Section>
  );
}

export function FeaturesSection({ content, columns = 4 }: { content: LandingContent["features"]; columns?: 3 | 4 }) {
  return (
    <Section id="features" eyebrow={content.eyebrow} title={content.title} intro={content.intro}>
      <FeatureGrid features={content.items} columns={columns} />
    </Section>
  );
}

/** Testimonials as a grid (Home1, Home2); Home3 shows them in its carousel instead. */
export function TestimonialsSection({ content }: { content: LandingContent["testimonials"] }) {
  return (
    <Section id="testimonials" eyebrow={content.eyebrow} title={content.title} intro={content.intro} tone="muted">
      <ul className="grid gap-6 md:grid-cols-3">
        {content.items.map((testimonial) => (
          <li key={testimonial.name}>
            <TestimonialCard testimonial={testimonial} />
          </li>
        ))}
      </ul>
      {content.footnote ? <p className="mt-8 text-center text-sm text-muted-foreground">{content.footnote}</p> : null}
    </Section>
  );
}

export function PricingSection({ content }: { content: LandingContent["pricing"] }) {
  const config = usePublicConfig();
  const plans: PricingPlan[] = content.plans(config);
  const single = plans.length === 1;
  return (
    <Section id="pricing" eyebrow={content.eyebrow} title={content.title} intro={content.intro}>
      <div
        className={cn(
          "mx-auto grid gap-6",
          single ? "max-w-4xl items-stretch md:grid-cols-2" : "max-w-5xl gap-8 pt-3 md:grid-cols-3 md:gap-6 lg:gap-8",
        )}
      >
        {plans.map((plan) => (
          <PricingCard key={plan.name} plan={plan} />
        ))}
        {content.aside ? (
          <aside aria-labelledby="pricing-aside-title" className="flex flex-col rounded-2xl border border-dashed bg-muted/40 p-6 sm:p-8">
            <h3 id="pricing-aside-title" className="text-lg font-semibold">
              {content.aside.title}
            </h3>
            <ul className="mt-6 space-y-4 text-sm">
              {content.aside.items.map((item) => (
                <li key={item} className="flex gap-3">
                  <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            {content.aside.contact ? (
              <p className="mt-8 border-t pt-6 text-sm text-muted-foreground md:mt-auto">
                {content.aside.contact.text}{" "}
                <a
                  href={`mailto:${config.contactEmail}`}
                  className="font-medium whitespace-nowrap text-primary underline underline-offset-4"
                >
                  {content.aside.contact.label}
                </a>
              </p>
            ) : null}
          </aside>
        ) : null}
      </div>
      {content.footnote ? (
        <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-pretty text-muted-foreground">{content.footnote}</p>
      ) : null}
    </Section>
  );
}

export function FaqSection({ content, byCategory = false }: { content: LandingContent["faq"]; byCategory?: boolean }) {
  return (
    <Section id="faq" eyebrow={content.eyebrow} title={content.title} intro={content.intro} tone="muted">
      <Faq items={content.items} byCategory={byCategory} defaultOpen={byCategory ? undefined : 0} />
    </Section>
  );
}

export function ClosingSection({ content, lang }: { content: LandingContent["closing"]; lang: LandingContent["lang"] }) {
  const config = usePublicConfig();
  return (
    <CtaSection id="start" title={content.title} intro={content.intro}>
      <CtaButton cta={content.primary(config)} variant="secondary" arrow className="h-12 px-6 text-base" newTabLabel={newTabLabel(lang)} />
      <CtaButton
        cta={content.secondary(config)}
        variant="outline"
        className="h-12 border-primary-foreground/70 bg-transparent px-6 text-base text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
        newTabLabel={newTabLabel(lang)}
      />
    </CtaSection>
  );
}

/**
 * The landing page shared by Home1 and Home2: hero, 3-step process, DIY comparison, 8 feature cards,
 * testimonials, pricing, FAQ and closing call to action, then the footer. Only the copy differs.
 */
export function StandardLanding({ content }: { content: LandingContent }) {
  return (
    <>
      <main id="main" className="flex-1">
        <Hero content={content.hero} newTabLabel={newTabLabel(content.lang)} />
        <ProcessSection content={content.process} />
        <ComparisonSection content={content.comparison} />
        <FeaturesSection content={content.features} />
        <TestimonialsSection content={content.testimonials} />
        <PricingSection content={content.pricing} />
        <FaqSection content={content.faq} />
        <ClosingSection content={content.closing} lang={content.lang} />
      </main>
      <MarketingFooter />
    </>
  );
}
