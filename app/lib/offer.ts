/**
 * The offer as the public pages state it (spec part 3, sections 1 and 9). Every landing variant takes its
 * prices, word counts, revision rounds and delays from here, so that no page contradicts another.
 */

export const CURRENCY = "EUR";

/** The trial: 1 euro for the first article, one per client, a small fee to ensure genuine requests. */
export const TRIAL_PRICE_EUR = 1;
/** The regular price per article once the trial is used (excluding VAT). */
export const ARTICLE_PRICE_EUR = 50;
/** The hybrid solo-expert price per article (Home4). */
export const HYBRID_PRICE_EUR = 195;

export const WORDS_MIN = 1500;
export const WORDS_LABEL = "1500-2000+ words";
export const AVERAGE_WORDS = 1800;
export const REVISION_ROUNDS = 2;
export const TURNAROUND_HOURS = 24;
/** The first-article success page gives the longer reading. */
export const FIRST_ARTICLE_TURNAROUND = "24-48 hours";
/** Bulk discounts are offered above this many articles a month. */
export const BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH = 20;
export const BRIEF_MINUTES = 5;
export const STRATEGY_CALL_MINUTES = 15;
/** Sample posts a client sends so that the articles follow their style. */
export const STYLE_SAMPLE_POSTS = "2-3";
export const COPYRIGHT_YEAR = 2025;

export const GUARANTEE = "We rewrite until you're happy, or you don't pay.";
export const TRIAL_RULE = "The 1€ offer is limited to one article per client; the regular price applies after that.";

/** What every article includes (the standard offer). */
export const INCLUDED = [
  "Topic-cluster research",
  `AI-generated, expert-edited articles of ${WORDS_LABEL}`,
  `${REVISION_ROUNDS} revision rounds`,
  "Uploaded to your WordPress",
  "Royalty-free featured image",
  `${TURNAROUND_HOURS}-hour turnaround`,
] as const;

/** The three tiers of the pricing variant (Home3), per article. */
export const TIERS = [
  { name: "Starter", price: 50, words: "1,500-2,000 words", revisions: "One revision round", isPopular: false },
  { name: "Pro", price: 45, words: "2,000-2,500 words", revisions: "Two revision rounds", isPopular: true },
  { name: "Enterprise", price: 40, words: "2,500+ words", revisions: "Two revision rounds", isPopular: false },
] as const;

/** The customer flow, in order. */
export const CUSTOMER_FLOW = [
  { title: "Fill a 5-minute brief", description: "Tell us about your site, your readers and the topics you want to own." },
  { title: "Approve the outline", description: "We research the topic cluster and send an outline for your approval." },
  { title: "Review the draft in WordPress", description: "The finished article waits as a draft in your WordPress, with its image." },
  { title: "Publish or request edits", description: `Publish it as it is, or ask for changes: ${REVISION_ROUNDS} revision rounds are included.` },
] as const;

/** Where the team is, for the footers and the Organization data. */
export const COMPANY = { city: "Lyon", country: "France" } as const;
