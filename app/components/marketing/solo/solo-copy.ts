/**
 * The copy shared by the solo-expert pages (Home4, its three pricing variants and Home5), in the first
 * person: one editor, Julien, edits every article himself. Facts come from ~/lib/offer.
 */
import { ClipboardList, FileCheck2, ListChecks, PenLine, Rocket, Search, Send, Sparkles } from "lucide-react";
import type { ComparisonRow } from "~/components/marketing/comparison-table";
import type { FaqItem } from "~/components/marketing/faq";
import type { IconCard } from "~/components/marketing/process-steps";
import type { Testimonial } from "~/components/marketing/testimonial-card";
import { EXPERT } from "~/components/marketing/solo/expert";
import {
  ARTICLE_PRICE_EUR,
  AVERAGE_WORDS,
  BRIEF_MINUTES,
  BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH,
  HYBRID_PRICE_EUR,
  REVISION_ROUNDS,
  STRATEGY_CALL_MINUTES,
  STYLE_SAMPLE_POSTS,
  TRIAL_PRICE_EUR,
  TURNAROUND_HOURS,
  WORDS_LABEL,
} from "~/lib/offer";

/** "€195", "€1": prices as the cards show them. */
export const euros = (amount: number) => `€${amount}`;

/** The guarantee, in the solo voice. */
export const SOLO_GUARANTEE = "I rewrite until you're happy, or you don't pay.";

/** The trial rule, in the solo voice (spec part 3, section 6 and 9). */
export const SOLO_TRIAL_RULE = `The ${euros(TRIAL_PRICE_EUR)} trial is limited to one article per client; after that, each article costs ${euros(ARTICLE_PRICE_EUR)}, excluding VAT.`;

/** How my hybrid method works: the four steps of #how. */
export const HYBRID_STEPS: readonly IconCard[] = [
  {
    icon: ClipboardList,
    title: `A ${BRIEF_MINUTES}-minute brief`,
    description:
      "You tell me about your site, your readers and the topics you want to own. I research the topic cluster: the searches, the questions people ask and what AI assistants already answer.",
  },
  {
    icon: ListChecks,
    title: "You approve the outline",
    description:
      "Before a single paragraph is written, you see the plan: the angle, the headings, the questions each section answers. Nothing goes further until you say yes.",
  },
  {
    icon: PenLine,
    title: "AI drafts, I edit",
    description:
      "A language model writes a first draft from my outline. Then I take over: I check every fact, add your examples, cut the filler and shape each section so that it can be quoted on its own.",
  },
  {
    icon: Rocket,
    title: `In your WordPress within ${TURNAROUND_HOURS} hours`,
    description: `The article waits as a draft in your WordPress with a royalty-free featured image. Publish it as it is, or ask for changes: ${REVISION_ROUNDS} revision rounds are included.`,
  },
];

/** Who does what in the hybrid flow (the AI-plus-human diagram under the steps). */
export const DIVISION_OF_LABOUR = {
  ai: {
    title: "What the AI does",
    items: [
      "Gathers the questions readers ask around your topic",
      "Writes a fast first draft from my approved outline",
      "Suggests headings, definitions and summaries",
      "Proposes a meta title and description for me to refine",
      "Rewrites a passage in seconds when I ask for another angle",
    ],
  },
  human: {
    title: "What I do, personally",
    items: [
      "Choose the angle and build the outline with you",
      "Fact-check every figure, name and date",
      "Rewrite in your voice, add your own cases and examples",
      "Structure answers so search engines and AI assistants can quote them",
      "Upload to WordPress with the featured image, ready to publish",
    ],
  },
} as const;

/** Why AI plus a human beats either alone: three columns. */
export const APPROACHES: readonly {
  title: string;
  verdict: "bad" | "mixed" | "good";
  points: readonly { text: string; good: boolean }[];
}[] = [
  {
    title: "Pure AI tools",
    verdict: "bad",
    points: [
      { text: "A draft in minutes, at almost no cost", good: true },
      { text: "Generic text that repeats what already ranks", good: false },
      { text: "Invented facts and sources nobody checked", good: false },
      { text: "You still prompt, edit, format and publish it yourself", good: false },
    ],
  },
  {
    title: "Pure human writers",
    verdict: "mixed",
    points: [
      { text: "A real voice and careful sentences", good: true },
      { text: "Days or weeks per article", good: false },
      { text: "Research time billed at a writer's rate", good: false },
      { text: "Rarely written with AI assistants in mind", good: false },
    ],
  },
  {
    title: "My hybrid method",
    verdict: "good",
    points: [
      { text: `AI speed: your article in ${TURNAROUND_HOURS} hours`, good: true },
      { text: "An editor who checks, rewrites and signs off every line", good: true },
      { text: "Built to rank on search engines and to be cited by AI assistants", good: true },
      { text: SOLO_GUARANTEE, good: true },
    ],
  },
];

/** The questions every solo page answers (the price question and the assistant question come from the variant). */
export const SOLO_FAQ_BASE: readonly FaqItem[] = [
  {
    question: "How long are your articles?",
    answer: `Between 1,500 and 2,000+ words, depending on what the topic needs to be covered completely; the average article I deliver is ${AVERAGE_WORDS.toLocaleString("en")} words. I never pad a text to reach a count: every section answers a question your readers actually ask.`,
  },
  {
    question: "Is the content written by AI?",
    answer:
      "The first draft is, and I say so openly. Everything after it is mine: the outline you approved, the fact-checking, the examples, the rewriting in your voice and the final read. Search engines reward helpful content, whoever typed the first draft; helpful is my job.",
  },
  {
    question: "Who owns the articles?",
    answer:
      "You do. Once an article is delivered you have full ownership of the rights and of the source files, featured image included. Edit it, republish it or translate it as you wish.",
  },
  {
    question: "How do you match my brand's voice?",
    answer: `Send me ${STYLE_SAMPLE_POSTS} sample posts you like, from your blog or elsewhere. I study the tone, the sentence length and the words you use, and the brief asks what to avoid. The outline step catches any mismatch before writing starts.`,
  },
  {
    question: "Can you guarantee first-page rankings?",
    answer:
      "No, and be wary of anyone who does: rankings depend on your domain, your competitors and the search engines themselves. What I guarantee is the work: researched topic clusters, articles built around search intent and structured to be cited by AI assistants, and rewrites until you are happy, or you don't pay.",
  },
  {
    question: "How do we get started?",
    answer: `Book a free ${STRATEGY_CALL_MINUTES}-minute strategy call if you want to talk about your site first, or go straight to the ${BRIEF_MINUTES}-minute brief. I send an outline for your approval, and the article arrives in your WordPress within ${TURNAROUND_HOURS} hours.`,
  },
  {
    question: "What if I don't like the article?",
    answer: `${REVISION_ROUNDS} revision rounds are included with every article. If it still isn't right after that, ${SOLO_GUARANTEE.charAt(0).toLowerCase()}${SOLO_GUARANTEE.slice(1)}`,
  },
];

/** The price question, for the 195€ hybrid offer. */
export const HYBRID_PRICE_FAQ: FaqItem = {
  question: "What does an article cost?",
  answer: `${euros(HYBRID_PRICE_EUR)} per article, everything included: topic-cluster research, the AI draft, my personal editing, ${REVISION_ROUNDS} revision rounds, the upload to your WordPress and a royalty-free featured image. Above ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles a month, I offer bulk discounts.`,
};

/** The price question, for the 1€ trial offer. */
export const TRIAL_PRICE_FAQ: FaqItem = {
  question: `Why does the first article cost only ${euros(TRIAL_PRICE_EUR)}?`,
  answer: `The ${euros(TRIAL_PRICE_EUR)} is a small fee to make sure requests are genuine: you get a complete article of ${WORDS_LABEL}, edited by me, in your WordPress. The trial is limited to one article per client; after that each article costs ${euros(ARTICLE_PRICE_EUR)}, excluding VAT, with bulk discounts above ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles a month.`,
};

/** What every solo article includes (the standard offer, in the solo voice). */
export const SOLO_INCLUDED = [
  "Topic-cluster research",
  `AI draft, personally edited by me: ${WORDS_LABEL}`,
  `${REVISION_ROUNDS} revision rounds`,
  "Uploaded to your WordPress",
  "Royalty-free featured image",
  `${TURNAROUND_HOURS}-hour turnaround`,
] as const;

/** Home5: the process (#how), the customer flow told in the first person. */
export const SOLO_PROCESS: readonly IconCard[] = [
  {
    icon: Send,
    title: `Fill a ${BRIEF_MINUTES}-minute brief`,
    description: "Your site, your readers, the topics you want to own, and 2-3 posts whose style you like.",
  },
  {
    icon: Search,
    title: "Approve the outline",
    description: "I research the topic cluster and send you an outline. You approve it or tell me what to change.",
  },
  {
    icon: FileCheck2,
    title: "Review the draft in WordPress",
    description: `Within ${TURNAROUND_HOURS} hours the edited article waits as a draft in your WordPress, with its featured image.`,
  },
  {
    icon: Sparkles,
    title: "Publish or request edits",
    description: `Publish it as it is, or ask me for changes: ${REVISION_ROUNDS} revision rounds are included.`,
  },
];

/** Home5: the three-way comparison (service vs freelancers vs DIY AI tools). */
export const SOLO_COMPARISON: readonly ComparisonRow[] = [
  {
    feature: "Price per article",
    service: { text: `${euros(TRIAL_PRICE_EUR)} for the first, then ${euros(ARTICLE_PRICE_EUR)} excl. VAT`, status: "good" },
    freelance: { text: "Often €100 or more for an experienced SEO writer", status: "bad" },
    diy: { text: "A monthly subscription, plus hours of your time", status: "mixed" },
  },
  {
    feature: "Turnaround",
    service: { text: `${TURNAROUND_HOURS} hours`, status: "good" },
    freelance: { text: "Several days to two weeks", status: "mixed" },
    diy: { text: "Minutes for a draft, hours to fix it", status: "mixed" },
  },
  {
    feature: "Length and depth",
    service: { text: `${WORDS_LABEL}, researched`, status: "good" },
    freelance: { text: "Depends on the writer", status: "mixed" },
    diy: { text: "Generic, repetitive text", status: "bad" },
  },
  {
    feature: "Topic-cluster research",
    service: { text: "Included", status: "good" },
    freelance: { text: "Rarely included", status: "bad" },
    diy: { text: "Yours to do", status: "bad" },
  },
  {
    feature: "Human editing and fact-checking",
    service: { text: "Every article, by me", status: "good" },
    freelance: { text: "Yes, by the writer", status: "good" },
    diy: { text: "None", status: "bad" },
  },
  {
    feature: "Written to be cited by AI assistants",
    service: { text: "Built in: clear answers, sources, structure", status: "good" },
    freelance: { text: "Rarely considered", status: "mixed" },
    diy: { text: "No", status: "bad" },
  },
  {
    feature: "WordPress upload and featured image",
    service: { text: "Included, royalty-free image", status: "good" },
    freelance: { text: "Usually extra", status: "mixed" },
    diy: { text: "Your job", status: "bad" },
  },
  {
    feature: "Your time per article",
    service: { text: `A ${BRIEF_MINUTES}-minute brief and one approval`, status: "good" },
    freelance: { text: "Briefing, follow-ups and proofreading", status: "mixed" },
    diy: { text: "Prompting, editing, formatting, publishing", status: "bad" },
  },
];

/** Home5: testimonials (#testimonials). The first two are the clients of the review screenshots. */
export const SOLO_TESTIMONIALS: readonly Testimonial[] = [
  {
    quote: `${EXPERT.firstName}'s articles sound like us, not like a robot. The first one was waiting in our WordPress the next morning, and it now brings more organic visits than any page we wrote ourselves.`,
    name: "Sophie Laurent",
    title: "Head of Marketing, Atelier Verde",
  },
  {
    quote: `I had tried ChatGPT on my own and got generic text. ${EXPERT.firstName} added our real cases and figures, and our guides are now quoted when prospects ask an AI assistant.`,
    name: "Marc Dubois",
    title: "Founder, Dubois Conseil",
  },
  {
    quote: `We needed regular articles without hiring a writer. The brief takes five minutes, the outlines are sharp, and every article lands in WordPress ready to publish. Our blog finally supports our sales team.`,
    name: "Nadia Benali",
    title: "Co-founder, Trailmap",
  },
];
