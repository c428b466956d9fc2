/**
 * The copy of the main landing page (team version, spec part 3): every fact comes from ~/lib/offer, so
 * the page never contradicts the other variants. Team voice: "we", a team of two.
 */
import { Clock, Compass, PenLine, type LucideIcon } from "lucide-react";
import type { FaqItem } from "~/components/marketing/faq";
import {
  ARTICLE_PRICE_EUR,
  AVERAGE_WORDS,
  BRIEF_MINUTES,
  BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH,
  COMPANY,
  GUARANTEE,
  REVISION_ROUNDS,
  STRATEGY_CALL_MINUTES,
  STYLE_SAMPLE_POSTS,
  TRIAL_PRICE_EUR,
  TURNAROUND_HOURS,
} from "~/lib/offer";

export const PAGE_TITLE = "SEO articles that rank on Google and in AI answers";
export const PAGE_DESCRIPTION = `Our team of two researches your topics, drafts with AI and hand-edits 1,500-2,000+ word articles, uploaded to your WordPress in ${TURNAROUND_HOURS} hours. First article for €${TRIAL_PRICE_EUR}.`;

export const HERO = {
  eyebrow: "Done-for-you SEO & AI content",
  title: "Articles that rank on Google and get cited by AI assistants",
  lead: `Our team of two researches your topic clusters, drafts every article with AI, edits it by hand and uploads it to your WordPress with a royalty-free featured image, within ${TURNAROUND_HOURS} hours.`,
  noSetup: "No setup costs, no commitment, no hard-to-learn tool: just a done-for-you service.",
  facts: ["1,500-2,000+ words per article", `${REVISION_ROUNDS} revision rounds included`, `${TURNAROUND_HOURS}-hour turnaround`],
  primary: `Get your €${TRIAL_PRICE_EUR} trial article`,
  secondary: "Contact us",
} as const;

export type TeamMember = { name: string; role: string; image: string; summary: string };

export const TEAM: readonly TeamMember[] = [
  {
    name: "Claire",
    role: "SEO & AI search strategist",
    image: "/images/home/team-claire.webp",
    summary: "Plans your topic clusters from keyword, search-result and AI-answer research, then writes each outline.",
  },
  {
    name: "Julien",
    role: "Editor-in-chief",
    image: "/images/home/team-julien.webp",
    summary: "Edits every AI draft by hand, checks the facts and makes it sound like you before it reaches your WordPress.",
  },
];

export const TEAM_BIO = {
  title: "Who are we?",
  intro: `We are Claire and Julien, a team of two based in ${COMPANY.city}, ${COMPANY.country}.`,
  paragraphs: [
    "Claire spent years growing company blogs through search. She now spends her days in keyword tools, search results and AI assistants, working out which topics your site should own and in which order to publish them.",
    "Julien is an editor first. AI gives him a fast first draft; he turns it into an article worth reading: accurate facts, a clear structure, real examples and your tone of voice.",
    "We started this service because AI made drafting fast but not good enough on its own. Together we keep both halves: the speed of AI and the judgement of people who read every line. Since there are only two of us, you always talk to the people who actually work on your articles.",
  ],
} as const;

export type Reason = { icon: LucideIcon; title: string; description: string; more: string };

export const WHY_TITLE = "Why Not Use AI SEO Tools Directly Myself?";
export const WHY_INTRO = "You could. Here is what a tool alone leaves you to do, and what we do instead.";

export const WHY_REASONS: readonly Reason[] = [
  {
    icon: Compass,
    title: "A tool writes; it doesn't plan",
    description:
      "An AI tool drafts whatever you ask. It won't tell you which topics to cover, in which order, to build a topic cluster search engines and AI assistants trust.",
    more: "Before any writing, we study your keywords, the pages that rank today and the sources AI assistants quote for your topics. That research becomes a topic cluster and an outline you approve, so every article has a reason to exist and links to the others.",
  },
  {
    icon: PenLine,
    title: "Raw AI text needs an editor",
    description:
      "Unedited drafts repeat themselves, state wrong facts and sound like everyone else's. Readers notice, and so do search engines.",
    more: `A human editor rewrites every draft line by line: facts checked, structure tightened, your examples and vocabulary added. Send us ${STYLE_SAMPLE_POSTS} sample posts and we learn your style; ${REVISION_ROUNDS} revision rounds let you fine-tune the rest.`,
  },
  {
    icon: Clock,
    title: "Your time is worth more than prompts",
    description:
      "Learning a tool, writing prompts, fixing drafts, finding images and formatting in WordPress takes hours for every single article.",
    more: `We do all of it. You spend ${BRIEF_MINUTES} minutes on a brief, approve an outline and find the finished article as a draft in your WordPress, with a royalty-free featured image, within ${TURNAROUND_HOURS} hours. No subscription to manage and nothing to learn.`,
  },
];

export const QUIZ_COPY = {
  title: "Are you our ideal client?",
  intro: "Three quick questions to see whether our service fits your site. It takes less than a minute.",
  ideal: {
    title: "You're My Ideal Client!",
    text: "Your site has a track record, it sells through its content and your time is better spent running the business. Let us handle your content strategy: we research the topics, write and edit the articles, and upload them to your WordPress, ready for your review.",
    cta: "Let's Start With Your €1 Trial Article",
    href: "#pricing",
  },
  notIdeal: {
    title: "You might not be completely ideal!",
    text: "To be honest, this questionnaire is flawed: three questions can't describe your site, and some of our favourite projects didn't tick every box. Tell us about your project and we'll tell you frankly whether we can help.",
    cta: "Contact me",
    href: "#contact",
  },
} as const;

export type Review = { image: string; width: number; height: number; alt: string; name: string; company: string };

export const REVIEWS: readonly Review[] = [
  {
    image: "/images/home/review-sophie.webp",
    width: 800,
    height: 380,
    name: "Sophie",
    company: "Atelier Sorel",
    alt: "Review by Sophie, Atelier Sorel, online furniture shop, rated 5 out of 5: “Our first article was waiting in WordPress the next day, image included. It already sounds like our brand, and the second one needed no edits.”",
  },
  {
    image: "/images/home/review-marc.webp",
    width: 800,
    height: 380,
    name: "Marc",
    company: "Novalys",
    alt: "Review by Marc, Novalys, B2B logistics software, rated 5 out of 5: “We never had time for our blog. Now we approve an outline, read the draft and publish. Solid research, clear writing and a team that replies fast.”",
  },
];

export const PRICING_COPY = {
  title: `Try us with one article for €${TRIAL_PRICE_EUR}`,
  intro: `The full service on one article, for a small fee that keeps requests genuine. If you like it, carry on at €${ARTICLE_PRICE_EUR} per article.`,
  planName: "Trial article",
  planDescription: "Everything we do, on one article for your site, so you can judge our work on your own pages.",
  cta: `Get my €${TRIAL_PRICE_EUR} trial article`,
  note: `Limited to one article per client. After that, €${ARTICLE_PRICE_EUR} per article, excluding VAT.`,
  after: [
    {
      title: `€${ARTICLE_PRICE_EUR} per article after the trial`,
      text: "Excluding VAT. Order one article or a regular series; there is no subscription and no minimum.",
    },
    {
      title: `Bulk discounts above ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles a month`,
      text: `Publishing more than ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles a month? Tell us your plan and we'll quote a lower price per article.`,
    },
    { title: "Our guarantee", text: `${GUARANTEE} Every article also includes ${REVISION_ROUNDS} revision rounds.` },
  ],
} as const;

/** The FAQ's six items; the first one carries the AI-human flow diagram (added by the page). */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: "How do AI and our human editors work together on an article?",
    answer:
      "Every article follows the same five steps. We research the keywords and the search results for your topic, an AI model writes a first draft from our outline, one of us edits it line by line (facts, structure, tone and links), then the article waits as a draft in your WordPress for your review before you publish it.",
  },
  {
    question: "How long are your articles?",
    answer: `Between 1,500 and 2,000+ words, depending on what the topic needs to rank; the average article is about ${AVERAGE_WORDS.toLocaleString("en-US")} words. We never pad an article just to reach a word count.`,
  },
  {
    question: "Who owns the articles?",
    answer:
      "You do. You get full ownership of the rights to every article and of its source files, and the featured image is royalty-free, so you can publish, edit and reuse everything as you wish.",
  },
  {
    question: "Will the articles sound like us?",
    answer: `Yes. Send us ${STYLE_SAMPLE_POSTS} sample posts you like with your brief; we use them to learn your tone, vocabulary and formatting. Every article then comes with ${REVISION_ROUNDS} revision rounds to fine-tune it.`,
  },
  {
    question: "Do you guarantee first-page rankings?",
    answer: `No. Nobody can honestly guarantee a ranking: search engines and AI assistants make that call. We build every article on keyword and search-result research to give it the best chance, and we guarantee the work itself: we rewrite until you're happy, or you don't pay.`,
  },
  {
    question: "How do we get started?",
    answer: `Book a free ${STRATEGY_CALL_MINUTES}-minute strategy call through the contact form, or order your €${TRIAL_PRICE_EUR} trial article directly. Then fill our ${BRIEF_MINUTES}-minute brief, approve the outline, and your article is in your WordPress within ${TURNAROUND_HOURS} hours.`,
  },
];

export const CONTACT_TITLE = "Not ready to buy your trial article for 1€ ? Or want to contact us directly?";
export const CONTACT_INTRO = `Ask us anything, or book a free ${STRATEGY_CALL_MINUTES}-minute strategy call. Claire or Julien will answer personally.`;
