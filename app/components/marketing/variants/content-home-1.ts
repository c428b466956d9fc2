/** Home1 (/home-1): the team-voice landing page, in English. Facts come from ~/lib/offer. */
import { Clock, FileText, ImageIcon, Network, PenLine, RefreshCw, Search, ShieldCheck, Sparkles, UploadCloud } from "lucide-react";
import type { LandingContent } from "~/components/marketing/variants/types";
import {
  ARTICLE_PRICE_EUR,
  AVERAGE_WORDS,
  BRIEF_MINUTES,
  BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH,
  FIRST_ARTICLE_TURNAROUND,
  GUARANTEE,
  INCLUDED,
  REVISION_ROUNDS,
  STRATEGY_CALL_MINUTES,
  STYLE_SAMPLE_POSTS,
  TRIAL_PRICE_EUR,
  TURNAROUND_HOURS,
  WORDS_LABEL,
} from "~/lib/offer";

const trial = `€${TRIAL_PRICE_EUR}`;
const price = `€${ARTICLE_PRICE_EUR}`;
const average = AVERAGE_WORDS.toLocaleString("en-US");

export const home1: LandingContent = {
  lang: "en",
  meta: {
    title: `Done-for-you SEO articles: first one ${trial}, then ${price}`,
    description: `We research your topic clusters, draft with AI and hand-edit every ${WORDS_LABEL} article, then upload it to your WordPress within ${TURNAROUND_HOURS} hours. Your first article costs ${trial}.`,
  },
  offers: [
    { name: "Trial article", price: TRIAL_PRICE_EUR, description: "First article, one per client" },
    { name: "Article", price: ARTICLE_PRICE_EUR, description: "Per article, excluding VAT" },
  ],
  hero: {
    eyebrow: "Done-for-you SEO & AI content",
    title: "Articles that rank on Google and get cited by AI assistants",
    lead: `We research your topic clusters, draft each article with AI, edit it by hand and upload it to your WordPress within ${TURNAROUND_HOURS} hours. No setup costs, no commitment, no hard-to-learn tool: just a done-for-you service.`,
    primary: { label: `Get your first article for ${trial}`, href: "#pricing" },
    secondary: { label: "See How It Works", href: "#how" },
    highlights: [WORDS_LABEL, `${REVISION_ROUNDS} revision rounds`, `${TURNAROUND_HOURS}-hour turnaround`],
    preview: {
      caption: "Example of a delivered article: a draft waiting in the client's WordPress, ready to publish.",
      status: "Ready to publish",
      site: "wp-admin · Posts · Draft",
      title: "How to choose a B2B accounting platform: a buyer's checklist for 2025",
      meta: [`${average} words`, "Featured image", "Meta description"],
      checklist: [
        "Topic cluster researched",
        "Outline approved by you",
        "AI draft edited by an expert",
        "Uploaded to WordPress as a draft",
      ],
      footer: `${REVISION_ROUNDS} revision rounds left · delivered in under ${TURNAROUND_HOURS} hours`,
    },
  },
  process: {
    eyebrow: "How it works",
    title: "From brief to published article in three steps",
    intro: "You spend five minutes telling us about your site. We do the research, the writing, the editing and the upload.",
    steps: [
      {
        icon: Search,
        title: `Share your goals in a ${BRIEF_MINUTES}-minute brief`,
        description: `Tell us about your site, your readers and the topics you want to own. Send ${STYLE_SAMPLE_POSTS} sample posts and we match your style.`,
      },
      {
        icon: PenLine,
        title: "We research, draft and edit",
        description:
          "We map the topic cluster, you approve the outline, then we draft with AI and edit every line by hand: facts, structure, tone and links.",
      },
      {
        icon: UploadCloud,
        title: "Review it in WordPress and publish",
        description: `The article waits as a draft in your WordPress with a royalty-free featured image. Publish it, or use one of your ${REVISION_ROUNDS} revision rounds.`,
      },
    ],
  },
  comparison: {
    eyebrow: "Why not do it yourself?",
    title: "Why not just use AI SEO tools yourself?",
    intro: "AI tools write fast. Turning their output into articles that rank still takes research, editing and hours of your week.",
    caption: "Our done-for-you service compared with doing it yourself with AI tools",
    labels: { service: "Our done-for-you service", diy: "DIY with AI tools" },
    rows: [
      {
        feature: "Keyword and topic research",
        service: { text: "Topic clusters researched and planned for you", status: "good" },
        diy: { text: "You choose keywords and write the prompts", status: "mixed" },
      },
      {
        feature: "Writing quality",
        service: { text: "AI draft, then edited line by line by an expert", status: "good" },
        diy: { text: "Raw AI output: generic, repetitive, sometimes wrong", status: "bad" },
      },
      {
        feature: "Length and depth",
        service: { text: `${WORDS_LABEL}, ${average} on average`, status: "good" },
        diy: { text: "Short answers unless you stitch sections together", status: "mixed" },
      },
      {
        feature: "Your time per article",
        service: { text: `A ${BRIEF_MINUTES}-minute brief, then a quick review`, status: "good" },
        diy: { text: "Hours of prompting, fact-checking and formatting", status: "bad" },
      },
      {
        feature: "Publishing",
        service: { text: "Uploaded to your WordPress with a featured image", status: "good" },
        diy: { text: "Copy, paste, format and find images yourself", status: "bad" },
      },
      {
        feature: "Changes",
        service: { text: `${REVISION_ROUNDS} revision rounds included`, status: "good" },
        diy: { text: "Re-prompt until it sounds right", status: "mixed" },
      },
      {
        feature: "Risk",
        service: { text: GUARANTEE, status: "good" },
        diy: { text: "Tool subscriptions are due whatever the result", status: "bad" },
      },
    ],
  },
  features: {
    eyebrow: "What you get",
    title: "Everything a ranking article needs, included",
    intro: `Every article includes all eight, whether it is your first one for ${trial} or your fiftieth.`,
    items: [
      {
        icon: Network,
        title: "Topic-cluster research",
        description: "We map the questions your buyers ask and plan articles that support each other.",
      },
      {
        icon: Sparkles,
        title: "AI-drafted, expert-edited",
        description: "AI gives us speed; a human editor brings accuracy, structure and a voice that sounds like you.",
      },
      {
        icon: FileText,
        title: WORDS_LABEL,
        description: `Long enough to answer the question fully: ${average} words on average, never padded.`,
      },
      {
        icon: RefreshCw,
        title: `${REVISION_ROUNDS} revision rounds`,
        description: "Ask for changes twice per article; we rework the draft until it reads right to you.",
      },
      {
        icon: UploadCloud,
        title: "WordPress upload",
        description: "Headings, links and meta description in place, saved as a draft ready for your review.",
      },
      {
        icon: ImageIcon,
        title: "Royalty-free featured image",
        description: "Every article arrives with a featured image you are free to use, sized for your theme.",
      },
      {
        icon: Clock,
        title: `${TURNAROUND_HOURS}-hour turnaround`,
        description: `Articles land in your WordPress within ${TURNAROUND_HOURS} hours of your approved outline.`,
      },
      { icon: ShieldCheck, title: "Happy or it's free", description: GUARANTEE },
    ],
  },
  testimonials: {
    eyebrow: "Testimonials",
    title: "Site owners who stopped writing at midnight",
    intro: "What our clients say after handing their blog over to us.",
    items: [
      {
        quote:
          "We had forty article ideas in a spreadsheet and no time to write them. Now two go live every week, and the first ones already bring in demo requests.",
        name: "Camille Roussel",
        title: "Marketing lead, B2B software company",
      },
      {
        quote:
          "I was sceptical about AI writing. The articles read like our own team wrote them, because an editor actually fixes the tone and checks every claim.",
        name: "Daniel Hartmann",
        title: "Founder, online outdoor-gear shop",
      },
      {
        quote:
          "The brief took me five minutes. The next day the article was waiting in WordPress with its image and meta description. I only had to press Publish.",
        name: "Sophie Marchand",
        title: "Owner, interior design studio",
      },
    ],
  },
  pricing: {
    eyebrow: "Pricing",
    title: `Try us with one article for ${trial}`,
    intro: "A small fee to make sure requests are genuine. Judge the quality on your own site before you commit to anything.",
    plans: ({ paymentLinkUrl }) => [
      {
        name: "Your trial article",
        price: trial,
        priceSuffix: "first article",
        description: "A complete, expert-edited article delivered to your WordPress.",
        features: INCLUDED,
        isPopular: false,
        featured: true,
        cta: { label: `Get my ${trial} article`, href: paymentLinkUrl, external: true },
        note: `Then ${price} per article, excl. VAT. One trial article per client.`,
      },
    ],
    aside: {
      title: "After your trial",
      items: [
        `${price} per article, excluding VAT. No subscription: order when you need.`,
        `Bulk discounts when you order more than ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles a month.`,
        "No setup costs, no commitment, nothing to install or learn.",
        GUARANTEE,
      ],
      contact: { text: `Questions first? Book a free ${STRATEGY_CALL_MINUTES}-minute strategy call:`, label: "write to us" },
    },
  },
  faq: {
    eyebrow: "FAQ",
    title: "Questions we hear every week",
    items: [
      {
        question: "How long are the articles?",
        answer: `Between 1500 and 2000+ words, depending on what the topic needs. The average article is about ${average} words.`,
      },
      {
        question: "Who owns the articles?",
        answer: "You do. You get full ownership of the rights and of the source files, featured image included.",
      },
      {
        question: "Will the articles sound like us?",
        answer: `Yes. Send us ${STYLE_SAMPLE_POSTS} sample posts with your brief and we follow their style, tone and vocabulary.`,
      },
      {
        question: "Do you guarantee rankings?",
        answer: `No one can honestly promise a position on Google. We guarantee the work: researched, expert-edited articles, ${REVISION_ROUNDS} revision rounds, and a rewrite until you're happy, or you don't pay.`,
      },
      {
        question: "How fast will we get an article?",
        answer: `Most articles arrive within ${TURNAROUND_HOURS} hours of your approved outline. Allow ${FIRST_ARTICLE_TURNAROUND} for your very first article while we learn about your site.`,
      },
      {
        question: `Why does the first article cost ${trial}?`,
        answer: `The small fee keeps requests genuine. The ${trial} offer is limited to one article per client; after that, each article costs ${price} excluding VAT.`,
      },
      {
        question: "Can we talk before ordering?",
        answer: `Of course. Write to us and we'll book a free ${STRATEGY_CALL_MINUTES}-minute strategy call to look at your site and your topics together.`,
      },
      {
        question: "Do you offer volume discounts?",
        answer: `Yes. Above ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles a month, we offer bulk discounts. Tell us your volume and we'll send you a quote.`,
      },
    ],
  },
  closing: {
    title: "See what we can write for your site",
    intro: `Fill a ${BRIEF_MINUTES}-minute brief today and review a finished, expert-edited article in your WordPress within ${TURNAROUND_HOURS} hours, for ${trial}.`,
    primary: ({ paymentLinkUrl }) => ({ label: `Get my ${trial} article`, href: paymentLinkUrl, external: true }),
    secondary: ({ contactEmail }) => ({ label: "Ask us a question", href: `mailto:${contactEmail}` }),
  },
};
