/** The copy of Home5 (/home-5), the solo variant with testimonials, comparison and author card. */
import { EXPERT } from "~/components/marketing/solo/expert";
import { euros } from "~/components/marketing/solo/solo-copy";
import { BRAND_NAME } from "~/lib/constants";
import { ARTICLE_PRICE_EUR, BRIEF_MINUTES, STRATEGY_CALL_MINUTES, TRIAL_PRICE_EUR, TURNAROUND_HOURS, WORDS_LABEL } from "~/lib/offer";

export const HOME5 = {
  title: `A Solo SEO Editor for Your Blog: Articles That Rank and Get Cited | ${BRAND_NAME}`,
  description: `Work directly with one SEO editor: articles of ${WORDS_LABEL}, drafted with AI and edited by hand, in your WordPress within ${TURNAROUND_HOURS} hours. First article ${euros(TRIAL_PRICE_EUR)}, then ${euros(ARTICLE_PRICE_EUR)} excl. VAT.`,
  callLabel: `Book a free ${STRATEGY_CALL_MINUTES}-minute strategy call`,
  hero: {
    eyebrow: `${EXPERT.name}, ${EXPERT.role}`,
    headline: "SEO articles that rank and get cited, edited by one expert: me",
    lead: `No agency, no pool of anonymous writers. I'm ${EXPERT.firstName}: I research your topics, draft with AI, then edit each article myself until it is worth ranking and worth quoting by ChatGPT, Claude or Gemini.`,
    highlights: [`First article ${euros(TRIAL_PRICE_EUR)}`, `${TURNAROUND_HOURS}-hour turnaround`, "No setup costs, no commitment"],
  },
  processIntro: `Your part takes a ${BRIEF_MINUTES}-minute brief and two decisions. I handle everything in between.`,
  comparisonIntro:
    "Three ways to fill a blog with articles that rank. Here is how they compare on what matters to a site owner: cost, speed, quality and your own time.",
  closing: {
    title: `Not sure where to start? Let's talk for ${STRATEGY_CALL_MINUTES} minutes`,
    intro: "Tell me about your site and your goals. I'll tell you which topics I would write first, and why. Free, with no commitment.",
  },
} as const;
