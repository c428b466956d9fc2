import { ArrowDown, Mail } from "lucide-react";
import { MarketingFooter } from "~/components/marketing/marketing-footer";
import { SoloHero } from "~/components/marketing/solo/solo-hero";
import { SoloPricingSection } from "~/components/marketing/solo/solo-pricing";
import {
  ContactMailSection,
  HybridMethodSection,
  ReviewImagesSection,
  SoloFaqSection,
  WhyHybridSection,
} from "~/components/marketing/solo/solo-sections";
import type { SoloVariant } from "~/components/marketing/solo/variants";
import { Button } from "~/components/ui/button";

/**
 * The hybrid solo-expert landing (Home4) and its pricing variants: hero with portrait, how it works, why
 * AI plus a human, the review screenshots, the variant's pricing card, the FAQ and the mail contact.
 */
export function SoloLanding({ variant }: { variant: SoloVariant }) {
  return (
    <>
      <main id="main" className="flex-1">
        <SoloHero {...variant.hero}>
          <Button asChild size="lg" className="h-11 w-full px-6 sm:w-auto">
            <a href="#contact">
              <Mail aria-hidden="true" />
              Work with Me
            </a>
          </Button>
          <Button asChild size="lg" variant="outline" className="h-11 w-full px-6 sm:w-auto">
            <a href="#how">
              How My Hybrid Method Works
              <ArrowDown aria-hidden="true" />
            </a>
          </Button>
        </SoloHero>
        <HybridMethodSection />
        <WhyHybridSection intro={variant.whyIntro} />
        <ReviewImagesSection />
        <SoloPricingSection kind={variant.pricing} />
        <SoloFaqSection items={variant.faq} tone="plain" />
        <ContactMailSection subject={variant.mailSubject} />
      </main>
      <MarketingFooter />
    </>
  );
}
