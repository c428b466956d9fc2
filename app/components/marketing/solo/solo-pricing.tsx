import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { PricingCard, type PricingPlan } from "~/components/marketing/pricing-card";
import { Section } from "~/components/marketing/section";
import { SOLO_GUARANTEE, SOLO_INCLUDED, SOLO_TRIAL_RULE, euros } from "~/components/marketing/solo/solo-copy";
import type { PricingKind } from "~/components/marketing/solo/variants";
import { Button } from "~/components/ui/button";
import {
  ARTICLE_PRICE_EUR,
  BRIEF_MINUTES,
  BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH,
  HYBRID_PRICE_EUR,
  TRIAL_PRICE_EUR,
  TURNAROUND_HOURS,
  WORDS_LABEL,
} from "~/lib/offer";
import { cn } from "~/lib/utils";

/**
 * Where every start button of the solo pages leads (spec part 3: the single-price and 1-euro cards go to /auth):
 * the sign-up tab, remembering the trial offer, so that the new account's empty site list offers the
 * first-article form.
 */
export const START_HREF = "/auth?tab=signup&offer=trial";

export const HYBRID_PLAN: PricingPlan = {
  featured: true,
  name: "Hybrid article",
  price: euros(HYBRID_PRICE_EUR),
  priceSuffix: "per article",
  description: "One SEO article, drafted with AI and edited by me from the first line to the last.",
  features: [...SOLO_INCLUDED, `Bulk discounts above ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles a month`],
  cta: { label: "Start Your First Article", href: START_HREF },
  note: SOLO_GUARANTEE,
};

export const TRIAL_PLAN: PricingPlan = {
  featured: true,
  name: "Trial article",
  price: euros(TRIAL_PRICE_EUR),
  priceSuffix: "for your first article",
  description: "A complete article, not a sample: judge my work on your own site before you commit to anything.",
  features: [...SOLO_INCLUDED, `Then ${euros(ARTICLE_PRICE_EUR)} per article, excl. VAT`],
  cta: { label: `Start My ${euros(TRIAL_PRICE_EUR)} Trial Article`, href: START_HREF },
  note: SOLO_TRIAL_RULE,
};

/** The 1€ offer as a vertical timeline: what happens, in order. */
export const TRIAL_TIMELINE = [
  { title: `Pay ${euros(TRIAL_PRICE_EUR)}`, description: "A small fee that keeps requests genuine. Your trial article is booked." },
  { title: `Fill the ${BRIEF_MINUTES}-minute brief`, description: "Your site, your readers and the topic you want to own." },
  { title: "Approve the outline", description: "I research the topic cluster and send you the plan before writing." },
  {
    title: `Your article in ${TURNAROUND_HOURS} hours, in your WordPress`,
    description: `${WORDS_LABEL}, edited by me, with a royalty-free featured image.`,
  },
  {
    title: `Then ${euros(ARTICLE_PRICE_EUR)} per article, excl. VAT`,
    description: `Only if you want more. Bulk discounts above ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles a month.`,
  },
] as const;

export function TimelinePricingCard() {
  // Price first, then the timeline, then the button: on a phone the steps come before the button; from
  // medium screens the timeline fills the right-hand column.
  return (
    <article
      aria-labelledby="plan-trial-timeline"
      className="mx-auto grid max-w-4xl gap-x-10 gap-y-8 rounded-2xl border border-primary bg-card p-6 text-card-foreground shadow-lg ring-1 ring-primary sm:p-8 md:grid-cols-[0.9fr_1.1fr] md:grid-rows-[auto_1fr]"
    >
      <div className="md:col-start-1 md:row-start-1">
        <h3 id="plan-trial-timeline" className="text-lg font-semibold">
          Trial article
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">Your first article, start to finish, for the price of a coffee.</p>
        <p className="mt-6 flex items-baseline gap-1">
          <span className="text-5xl font-bold tracking-tight">{euros(TRIAL_PRICE_EUR)}</span>
          <span className="text-sm text-muted-foreground">for your first article</span>
        </p>
      </div>
      <div className="md:col-start-2 md:row-span-2 md:row-start-1">
        <h4 className="text-sm font-semibold tracking-wide text-primary uppercase">How the trial works</h4>
        <ol className="mt-4" aria-label="The trial, step by step">
          {TRIAL_TIMELINE.map((step, index) => (
            <li key={step.title} className="relative flex gap-4 pb-6 last:pb-0">
              {index < TRIAL_TIMELINE.length - 1 ? (
                <span aria-hidden="true" className="absolute top-9 bottom-1 left-[15px] w-0.5 bg-primary/25" />
              ) : null}
              <span
                aria-hidden="true"
                className={cn(
                  "relative grid size-8 shrink-0 place-items-center rounded-full text-sm font-semibold",
                  index === TRIAL_TIMELINE.length - 1
                    ? "border-2 border-primary bg-card text-primary"
                    : "bg-primary text-primary-foreground",
                )}
              >
                {index + 1}
              </span>
              <div className="pt-1">
                <p className="font-semibold">{step.title}</p>
                <p className="mt-1 text-sm text-muted-foreground">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <div className="flex flex-col gap-8 md:col-start-1 md:row-start-2 md:justify-between">
        <ul className="space-y-2.5 text-sm" aria-label="Included">
          {SOLO_INCLUDED.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <div>
          <Button asChild size="lg" className="w-full">
            <Link to={START_HREF}>
              Start My {euros(TRIAL_PRICE_EUR)} Trial Article <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <p className="mt-3 text-center text-xs text-muted-foreground">One trial per client. {SOLO_GUARANTEE}</p>
        </div>
      </div>
    </article>
  );
}

const TITLES: Record<PricingKind, { title: string; intro: string }> = {
  hybrid: {
    title: "One price, everything included",
    intro: `No setup costs, no commitment, no tool to learn: ${euros(HYBRID_PRICE_EUR)} per article, edited by me.`,
  },
  trial: {
    title: `Try my work for ${euros(TRIAL_PRICE_EUR)}`,
    intro: "No setup costs, no commitment, no tool to learn: judge a real article on your own site before you decide.",
  },
  timeline: {
    title: `Your ${euros(TRIAL_PRICE_EUR)} trial, step by step`,
    intro: "No setup costs, no commitment, no tool to learn. Here is exactly what happens after you start.",
  },
};

/** #pricing: the page's one card. */
export function SoloPricingSection({ kind, tone = "muted" }: { kind: PricingKind; tone?: "plain" | "muted" }) {
  return (
    <Section id="pricing" eyebrow="Pricing" title={TITLES[kind].title} intro={TITLES[kind].intro} tone={tone}>
      {kind === "timeline" ? (
        <TimelinePricingCard />
      ) : (
        <PricingCard plan={kind === "hybrid" ? HYBRID_PLAN : TRIAL_PLAN} className="mx-auto w-full max-w-md" />
      )}
    </Section>
  );
}
