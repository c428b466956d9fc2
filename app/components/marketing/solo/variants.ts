/**
 * The solo-expert landing (Home4) and its three pricing variants: one page, four configurations. Each
 * variant has its own title, description and hero (the AI assistant it speaks of), and its pricing card:
 * the single 195€ card, the 1€ card or the timeline-style 1€ card.
 */
import type { FaqItem } from "~/components/marketing/faq";
import { EXPERT } from "~/components/marketing/solo/expert";
import { HYBRID_PRICE_FAQ, TRIAL_PRICE_FAQ, euros } from "~/components/marketing/solo/solo-copy";
import { ARTICLE_PRICE_EUR, HYBRID_PRICE_EUR, REVISION_ROUNDS, TRIAL_PRICE_EUR, TURNAROUND_HOURS, WORDS_LABEL } from "~/lib/offer";
import { BRAND_NAME } from "~/lib/constants";

export type PricingKind = "hybrid" | "trial" | "timeline";
export type Offer = { name: string; price: number; description?: string };

export type SoloVariant = {
  /** The page's path. */
  path: string;
  title: string;
  description: string;
  hero: { eyebrow: string; headline: string; lead: string; highlights: readonly string[] };
  /** The intro of the "why AI plus a human" section. */
  whyIntro: string;
  pricing: PricingKind;
  /** Variant questions shown before the shared ones. */
  faq: readonly FaqItem[];
  /** The subject prefilled in the contact mail. */
  mailSubject: string;
  /** For the Service/Offer JSON-LD. */
  offers: Offer[];
};

export const HYBRID_OFFERS: Offer[] = [
  {
    name: "Hybrid SEO article",
    price: HYBRID_PRICE_EUR,
    description: `Per article: AI draft personally edited by an SEO expert, ${WORDS_LABEL}, ${REVISION_ROUNDS} revision rounds, WordPress upload and featured image`,
  },
];

export const TRIAL_OFFERS: Offer[] = [
  { name: "First article trial", price: TRIAL_PRICE_EUR, description: "One article per client" },
  { name: "SEO article", price: ARTICLE_PRICE_EUR, description: "Per article after the trial, excluding VAT" },
];

const ME = `I'm ${EXPERT.firstName}, an SEO editor in ${EXPERT.city}`;
const TRIAL_HIGHLIGHTS = [
  `Your first article for ${euros(TRIAL_PRICE_EUR)}, then ${euros(ARTICLE_PRICE_EUR)} excl. VAT`,
  `In your WordPress within ${TURNAROUND_HOURS} hours`,
  "Rewritten until you're happy, or you don't pay",
] as const;

/** A question about the named assistant: honest (no promise), and specific. */
function assistantFaq(assistant: string, how: string): FaqItem {
  return {
    question: `Will my articles be cited by ${assistant}?`,
    answer: `Nobody can promise that, and I don't. What I can do is make every article easy to quote: a direct answer at the start of each section, precise figures with their sources, clear definitions and a clean structure. ${how} The same qualities help you rank on search engines.`,
  };
}

export const SOLO_VARIANTS = {
  "home-4": {
    path: "/home-4",
    title: `Hybrid AI + Human SEO Articles, Edited by One Expert | ${BRAND_NAME}`,
    description: `SEO articles drafted by AI and personally edited by an expert: ${WORDS_LABEL}, ${REVISION_ROUNDS} revision rounds, uploaded to your WordPress within ${TURNAROUND_HOURS} hours. ${euros(HYBRID_PRICE_EUR)} per article.`,
    hero: {
      eyebrow: "Hybrid AI + human SEO writing",
      headline: "SEO articles drafted by AI, edited by me, line by line",
      lead: `${ME}. I combine the speed of AI with the judgement of a human editor to deliver articles of ${WORDS_LABEL} that rank on search engines and get cited by AI assistants, in your WordPress within ${TURNAROUND_HOURS} hours.`,
      highlights: [
        "Every article edited by me, personally",
        `${TURNAROUND_HOURS}-hour turnaround, ${REVISION_ROUNDS} revision rounds`,
        "Rewritten until you're happy, or you don't pay",
      ],
    },
    whyIntro: "AI tools write fast and human writers write well. My method takes the best of both and leaves out what hurts your rankings.",
    pricing: "hybrid",
    faq: [HYBRID_PRICE_FAQ],
    mailSubject: "Hybrid SEO articles for my website",
    offers: HYBRID_OFFERS,
  },
  "home-4-pricing-openai": {
    path: "/home-4-pricing-openai",
    title: `Get Your Site Cited by ChatGPT: €1 Trial SEO Article | ${BRAND_NAME}`,
    description: `Articles written to be quoted by ChatGPT and to rank on Google: drafted with AI, personally edited by an SEO expert, in your WordPress within ${TURNAROUND_HOURS} hours. First article ${euros(TRIAL_PRICE_EUR)}.`,
    hero: {
      eyebrow: "SEO for ChatGPT answers",
      headline: "Get your website cited by ChatGPT",
      lead: `When your customers ask ChatGPT for advice, it quotes pages that answer clearly and can be trusted. ${ME}: I write those pages with AI, edit every line myself and put them in your WordPress within ${TURNAROUND_HOURS} hours.`,
      highlights: TRIAL_HIGHLIGHTS,
    },
    whyIntro:
      "ChatGPT can write a blog post, but it does not cite text that sounds like everything else it has read. Pages that get quoted carry facts, experience and a clear structure: that takes an editor.",
    pricing: "trial",
    faq: [
      TRIAL_PRICE_FAQ,
      assistantFaq("ChatGPT", "When ChatGPT searches the web to answer, those are the passages it can lift and link to."),
    ],
    mailSubject: "Getting my website cited by ChatGPT",
    offers: TRIAL_OFFERS,
  },
  "home-4-pricing-antropic": {
    path: "/home-4-pricing-antropic",
    title: `Become the Source Claude Cites: Expert-Edited SEO Articles | ${BRAND_NAME}`,
    description: `Earn citations in Claude, Anthropic's AI assistant, and rankings on Google with articles drafted by AI and personally edited by an SEO expert. Try your first article for ${euros(TRIAL_PRICE_EUR)}.`,
    hero: {
      eyebrow: "SEO for Claude by Anthropic",
      headline: "Become the source Claude cites",
      lead: `Claude, Anthropic's assistant, searches the web and cites the pages that answer best. ${ME}: I draft your articles with AI, then edit, fact-check and structure them myself so that Claude, and Google, can trust and quote them.`,
      highlights: TRIAL_HIGHLIGHTS,
    },
    whyIntro:
      "Claude weighs sources carefully: vague, unsourced text is easy to pass over. Articles that get cited are precise, checked and honest about what they know, which is exactly what a human editor adds to an AI draft.",
    pricing: "timeline",
    faq: [
      TRIAL_PRICE_FAQ,
      assistantFaq("Claude", "When Claude searches the web for an answer, it favours sources it can quote precisely and attribute."),
    ],
    mailSubject: "Getting my website cited by Claude",
    offers: TRIAL_OFFERS,
  },
  "home-4-pricing-google": {
    path: "/home-4-pricing-google",
    title: `Get Cited in Google AI Overviews and Gemini: €1 Trial Article | ${BRAND_NAME}`,
    description: `SEO articles built for Google search, AI Overviews and Gemini: drafted with AI, personally edited by an SEO expert and uploaded to your WordPress within ${TURNAROUND_HOURS} hours. First article ${euros(TRIAL_PRICE_EUR)}.`,
    hero: {
      eyebrow: "SEO for Google AI Overviews and Gemini",
      headline: "Get cited in Google's AI Overviews and by Gemini",
      lead: `Google now answers many searches with an AI Overview above the first result, and Gemini answers questions of its own. ${ME}: I write the clear, sourced articles both can quote, drafted with AI and edited by me, in your WordPress within ${TURNAROUND_HOURS} hours.`,
      highlights: TRIAL_HIGHLIGHTS,
    },
    whyIntro:
      "AI Overviews link to pages that answer the question precisely and show real expertise. Mass-produced AI text rarely earns that place; an edited, sourced article can.",
    pricing: "trial",
    faq: [
      TRIAL_PRICE_FAQ,
      assistantFaq(
        "Google's AI Overviews and Gemini",
        "AI Overviews and Gemini draw on pages Google already trusts, so classic SEO and clear answers go hand in hand.",
      ),
    ],
    mailSubject: "Getting cited in Google's AI Overviews",
    offers: TRIAL_OFFERS,
  },
} as const satisfies Record<string, SoloVariant>;

export type SoloVariantId = keyof typeof SOLO_VARIANTS;

/** The variant of a /home-4-pricing-* path (the openai card when the path is unknown). */
export function pricingVariantOf(pathname: string): SoloVariant {
  const id = pathname.replace(/\/+$/, "").split("/").pop() as SoloVariantId;
  return id in SOLO_VARIANTS && id !== "home-4" ? SOLO_VARIANTS[id] : SOLO_VARIANTS["home-4-pricing-openai"];
}
