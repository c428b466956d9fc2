/**
 * The shape of a landing variant's copy. Home1 (English) and Home2 (French) fill the same shape and are
 * rendered by the same sections; Home3 adds its logo strip and its carousel.
 */
import type { ComparisonRow } from "~/components/marketing/comparison-table";
import type { FaqItem } from "~/components/marketing/faq";
import type { PricingPlan } from "~/components/marketing/pricing-card";
import type { IconCard } from "~/components/marketing/process-steps";
import type { Testimonial } from "~/components/marketing/testimonial-card";
import type { PublicConfig } from "~/lib/public-config";

export type SectionCopy = { eyebrow?: string; title: string; intro?: string };

/** A link styled as a button. `href` starting with '#' scrolls within the page. */
export type CtaLink = { label: string; href: string; external?: boolean };

export type HeroPreview = {
  /** Screen-reader caption of the illustration. */
  caption: string;
  status: string;
  site: string;
  title: string;
  meta: readonly string[];
  checklist: readonly string[];
  footer: string;
};

export type HeroContent = {
  eyebrow: string;
  title: string;
  lead: string;
  primary: CtaLink;
  secondary: CtaLink;
  highlights: readonly string[];
  /** Headline figures (Home3 only). */
  stats?: readonly { value: string; label: string }[];
  /** Label of the list of figures, for screen readers. */
  statsLabel?: string;
  preview: HeroPreview;
};

export type Offer = { name: string; price: number; description?: string };

export type LandingContent = {
  lang: "en" | "fr";
  meta: { title: string; description: string };
  /** schema.org offers (the prices shown on the page). */
  offers: Offer[];
  hero: HeroContent;
  process: SectionCopy & { steps: readonly IconCard[] };
  comparison: SectionCopy & { caption: string; labels: { service: string; diy: string }; rows: readonly ComparisonRow[] };
  features: SectionCopy & { items: readonly IconCard[] };
  testimonials: SectionCopy & { items: readonly Testimonial[]; footnote?: string };
  pricing: SectionCopy & {
    plans: (config: PublicConfig) => PricingPlan[];
    aside?: { title: string; items: readonly string[]; contact?: { text: string; label: string } };
    footnote?: string;
  };
  faq: SectionCopy & { items: readonly FaqItem[] };
  closing: { title: string; intro: string; primary: (config: PublicConfig) => CtaLink; secondary: (config: PublicConfig) => CtaLink };
};
