/**
 * The solo-expert voice (spec part 3: one person edits every article personally) and the two client
 * reviews shown as screenshots. Plain data without imports: the review images in public/images/solo/ were
 * drawn from these same texts, and each image's alt repeats them.
 */
import { COMPANY } from "~/lib/offer";

export const EXPERT = {
  name: "Julien Moreau",
  firstName: "Julien",
  role: "SEO editor",
  city: COMPANY.city,
  portrait: { src: "/images/solo/julien-moreau-portrait.webp", width: 480, height: 560 },
  portraitAlt: "Illustrated portrait of Julien Moreau, SEO editor, smiling, with glasses and a short beard",
  bio: [
    `I'm Julien Moreau, an SEO editor based in ${COMPANY.city}. I spent six years as a business journalist, where I learned to check every figure and to cut every sentence that does not earn its place.`,
    "Since 2016 I have written and edited content for SaaS companies, online shops and local businesses. Since 2023 I pair AI drafting with my own editing: you get the speed of a machine and the judgement of an editor who reads every line.",
    "I work alone, on purpose. Nobody else touches your articles: the person who reads your brief is the person who edits your text and answers your e-mails.",
  ],
  facts: [
    "Former business journalist",
    "10 years of SEO writing and editing",
    "Every article edited by me, personally",
    `Based in ${COMPANY.city}, ${COMPANY.country}`,
  ],
} as const;

export type Review = {
  src: string;
  width: number;
  height: number;
  name: string;
  initials: string;
  role: string;
  company: string;
  date: string;
  quote: string;
};

export const REVIEWS: readonly Review[] = [
  {
    src: "/images/solo/review-sophie-laurent.webp",
    width: 720,
    height: 340,
    name: "Sophie Laurent",
    initials: "SL",
    role: "Head of Marketing",
    company: "Atelier Verde",
    date: "March 2025",
    quote:
      "Julien's articles sound like us, not like a robot. The first one was waiting in our WordPress the next morning, with its image, and it now brings more organic visits than any page we wrote ourselves.",
  },
  {
    src: "/images/solo/review-marc-dubois.webp",
    width: 720,
    height: 340,
    name: "Marc Dubois",
    initials: "MD",
    role: "Founder",
    company: "Dubois Conseil",
    date: "May 2025",
    quote:
      "I had tried ChatGPT on my own and got generic text. Julien added our real cases and figures, asked sharp questions about the outline, and our guides are now quoted when prospects ask an AI assistant.",
  },
];

/** The alt text of a review screenshot: everything the image says. */
export function reviewAlt(review: Review) {
  return `Five-star review from ${review.name}, ${review.role} at ${review.company}, ${review.date}: “${review.quote}”`;
}
