/** Home3 (/home-3): the pricing variant, in English, with the '100+ clients' and '+70%' claims. Facts come from ~/lib/offer. */
import { Bot, ClipboardList, FileText, ImageIcon, ListChecks, Network, PenLine, Rocket, ShieldCheck, UploadCloud } from "lucide-react";
import type { LandingContent } from "~/components/marketing/variants/types";
import {
  AVERAGE_WORDS,
  BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH,
  CUSTOMER_FLOW,
  FIRST_ARTICLE_TURNAROUND,
  GUARANTEE,
  REVISION_ROUNDS,
  STRATEGY_CALL_MINUTES,
  STYLE_SAMPLE_POSTS,
  TIERS,
  TRIAL_PRICE_EUR,
  TURNAROUND_HOURS,
  WORDS_LABEL,
} from "~/lib/offer";

const average = AVERAGE_WORDS.toLocaleString("en-US");
const [starter, , enterprise] = TIERS;
const euros = (n: number) => `€${n}`;
const FLOW_ICONS = [ClipboardList, ListChecks, PenLine, Rocket] as const;

const TIER_COPY = {
  Starter: { description: "For sites that want a steady publishing rhythm.", cta: "Start with Starter" },
  Pro: { description: "For sites building topical authority month after month.", cta: "Go Pro" },
  Enterprise: { description: "For teams publishing at volume across several sites.", cta: "Contact Sales" },
} as const;

export const home3: LandingContent & { logos: { title: string; intro: string } } = {
  lang: "en",
  meta: {
    title: `SEO content service trusted by 100+ clients, from ${euros(enterprise.price)} an article`,
    description: `Topic research, AI-drafted and expert-edited articles, uploaded to your WordPress within ${TURNAROUND_HOURS} hours. Plans from ${euros(enterprise.price)} to ${euros(starter.price)} per article. Our clients average +70% organic revenue year on year.`,
  },
  offers: TIERS.map((tier) => ({ name: tier.name, price: tier.price, description: `Per article, ${tier.words}, excluding VAT` })),
  hero: {
    eyebrow: "Content for search and AI answers",
    title: "Grow organic revenue with articles built to rank and to be cited",
    lead: `Our editors turn topic research and AI drafts into articles of ${WORDS_LABEL} that your readers trust, then publish them to your WordPress within ${TURNAROUND_HOURS} hours. You approve, we do the rest.`,
    primary: { label: "Compare plans", href: "#pricing" },
    secondary: { label: "Watch a Demo", href: "#how" },
    highlights: ["No setup costs", "No commitment", "No tool to learn"],
    statsLabel: "Results in figures",
    stats: [
      { value: "100+", label: "clients served" },
      { value: "+70%", label: "organic revenue year on year" },
      { value: `${TURNAROUND_HOURS}h`, label: "turnaround per article" },
    ],
    preview: {
      caption: "Example of a delivered article: a draft waiting in the client's WordPress, ready to publish.",
      status: "Draft delivered",
      site: "wp-admin · Posts · Draft",
      title: "Marketplace fees compared: what sellers really pay in 2025",
      meta: [`${average} words`, "Featured image", "FAQ schema"],
      checklist: CUSTOMER_FLOW.map((step) => step.title),
      footer: `Pro plan · ${REVISION_ROUNDS} revision rounds included`,
    },
  },
  logos: {
    title: "Trusted by 100+ clients, from local shops to newsrooms",
    intro: "Corporate sites, local businesses, online shops, marketplaces, affiliate and news sites.",
  },
  process: {
    eyebrow: "How it works",
    title: "Four steps from brief to published article",
    intro: "A short brief on your side, research, writing, editing and upload on ours. You stay in control at every step.",
    steps: CUSTOMER_FLOW.map((step, index) => ({ icon: FLOW_ICONS[index]!, title: step.title, description: step.description })),
  },
  comparison: {
    eyebrow: "The difference",
    title: "A content team without the hiring, the tools or the prompts",
    intro: "AI tools are cheap until you count the hours it takes to make their drafts publishable.",
    caption: "Our service compared with writing articles yourself with AI tools",
    labels: { service: "Our service", diy: "Doing it yourself with AI tools" },
    rows: [
      {
        feature: "Strategy",
        service: { text: "Topic clusters planned around your revenue pages", status: "good" },
        diy: { text: "One-off articles chosen by guesswork", status: "bad" },
      },
      {
        feature: "Editing",
        service: { text: "Every draft fact-checked and edited by an expert", status: "good" },
        diy: { text: "You check and rewrite the AI output yourself", status: "mixed" },
      },
      {
        feature: "Depth",
        service: { text: `${WORDS_LABEL}, ${average} on average`, status: "good" },
        diy: { text: "Thin content unless you prompt section by section", status: "mixed" },
      },
      {
        feature: "Speed",
        service: { text: `Delivered within ${TURNAROUND_HOURS} hours`, status: "good" },
        diy: { text: "Depends on your free evenings", status: "bad" },
      },
      {
        feature: "Publishing",
        service: { text: "Uploaded to WordPress with a royalty-free image", status: "good" },
        diy: { text: "Formatting, images and upload by hand", status: "bad" },
      },
      {
        feature: "Guarantee",
        service: { text: GUARANTEE, status: "good" },
        diy: { text: "No one to rewrite it but you", status: "bad" },
      },
    ],
  },
  features: {
    eyebrow: "Features",
    title: "Built for rankings and for AI answers",
    intro: "Search engines reward depth and structure; AI assistants quote clear, well-sourced answers. Every article is written for both.",
    items: [
      {
        icon: Network,
        title: "Topic-cluster research",
        description: "Articles planned as clusters that link to each other and to the pages that sell.",
      },
      {
        icon: Bot,
        title: "Structured for AI assistants",
        description: "Clear definitions, direct answers and FAQ blocks that assistants can cite.",
      },
      {
        icon: FileText,
        title: "Long-form, never padded",
        description: `${WORDS_LABEL} per article, ${average} on average, every paragraph earning its place.`,
      },
      {
        icon: UploadCloud,
        title: "Straight to WordPress",
        description: "Headings, links and meta description set, saved as a draft for your review.",
      },
      {
        icon: ImageIcon,
        title: "Royalty-free featured image",
        description: "A featured image you are free to use comes with every article.",
      },
      { icon: ShieldCheck, title: "Rewrite guarantee", description: GUARANTEE },
    ],
  },
  testimonials: {
    eyebrow: "Testimonials",
    title: "Results our clients talk about",
    intro: "Six of the site owners, marketers and editors who publish with us.",
    items: [
      {
        quote: "Organic revenue is up 70% on last year. The cluster plan finally connected our blog to the product pages that sell.",
        name: "Laura Mendes",
        title: "E-commerce manager, home and garden shop",
      },
      {
        quote:
          "We publish twelve articles a month across three brands without hiring a single writer. The editing is what makes the difference.",
        name: "Marc Olivier",
        title: "Head of marketing, corporate services group",
      },
      {
        quote: "Our guides now show up in AI assistant answers with a link back to us. That traffic did not exist a year ago.",
        name: "Priya Nair",
        title: "Editor, consumer-tech affiliate site",
      },
      {
        quote: "As a local business I had no time for a blog. Now people find us when they search for our services in the city.",
        name: "Hugo Lefèvre",
        title: "Owner, family plumbing company",
      },
      {
        quote: "Seller guides used to take our team a week each. Now they arrive in WordPress the next day, ready for a quick read.",
        name: "Elena Petrova",
        title: "Community lead, crafts marketplace",
      },
      {
        quote: "Fast, accurate explainers that complement our reporting. The revision rounds let our editors keep the house style.",
        name: "James Whitaker",
        title: "Digital editor, regional news site",
      },
    ],
  },
  pricing: {
    eyebrow: "Pricing",
    title: "Simple per-article pricing",
    intro: "Pick the depth you need. No subscription, no setup costs: you pay for the articles you order.",
    plans: ({ contactEmail }) =>
      TIERS.map((tier) => ({
        name: tier.name,
        price: euros(tier.price),
        priceSuffix: "per article",
        description: TIER_COPY[tier.name].description,
        features: [
          tier.words,
          tier.revisions,
          "Topic-cluster research",
          "AI-drafted, expert-edited",
          "WordPress upload and featured image",
          `${TURNAROUND_HOURS}-hour turnaround`,
          ...(tier.name === "Enterprise" ? [`Bulk discounts above ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles a month`] : []),
        ],
        isPopular: tier.isPopular,
        cta:
          tier.name === "Enterprise"
            ? { label: TIER_COPY[tier.name].cta, href: `mailto:${contactEmail}?subject=${encodeURIComponent("Enterprise plan")}` }
            : { label: TIER_COPY[tier.name].cta, href: "/first-article" },
      })),
    footnote: `Prices per article, excluding VAT. Publishing more than ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles a month? Ask about bulk discounts. New clients can start with a €${TRIAL_PRICE_EUR} trial article (one per client).`,
  },
  faq: {
    eyebrow: "FAQ",
    title: "Frequently asked questions",
    items: [
      {
        category: "Articles and quality",
        question: "How long is a typical article?",
        answer: `Articles run from 1500 to 2000+ words depending on the plan and the topic; the average is about ${average} words.`,
      },
      {
        category: "Articles and quality",
        question: "How do you match our brand voice?",
        answer: `Share ${STYLE_SAMPLE_POSTS} sample posts with your brief. Our editors study them and follow your tone, vocabulary and formatting.`,
      },
      {
        category: "Articles and quality",
        question: "Will our articles rank first on Google?",
        answer:
          "We don't guarantee rankings; nobody honestly can. We guarantee well-researched, expert-edited articles, and we rewrite them until you're happy, or you don't pay.",
      },
      {
        category: "Articles and quality",
        question: "Who owns the content?",
        answer: "You own everything: full rights to the articles and their source files, featured images included.",
      },
      {
        category: "Pricing and process",
        question: "What happens after I order?",
        answer: `You fill a 5-minute brief, approve the outline, then review the draft in your WordPress within ${TURNAROUND_HOURS} hours (allow ${FIRST_ARTICLE_TURNAROUND} for your first article). Publish it or request edits.`,
      },
      {
        category: "Pricing and process",
        question: "Can I change plans or stop at any time?",
        answer: "Yes. There is no subscription and no commitment: order articles on any plan, whenever you need them.",
      },
      {
        category: "Pricing and process",
        question: "Do you offer bulk discounts?",
        answer: `Yes, above ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles a month. Contact sales with your volume for a quote.`,
      },
      {
        category: "Pricing and process",
        question: "Can we speak to someone first?",
        answer: `Yes. Book a free ${STRATEGY_CALL_MINUTES}-minute strategy call by mail and we'll review your site and your best topic opportunities.`,
      },
    ],
  },
  closing: {
    title: "Join 100+ clients growing with expert-edited content",
    intro: `Start with one article and judge the result in your own WordPress within ${TURNAROUND_HOURS} hours.`,
    primary: () => ({ label: "Order your first article", href: "/first-article" }),
    secondary: ({ contactEmail }) => ({
      label: "Contact Sales",
      href: `mailto:${contactEmail}?subject=${encodeURIComponent("Enterprise plan")}`,
    }),
  },
};
