/**
 * Tags that make a public page readable by search engines and AI crawlers: a specific title, a meta
 * description, a canonical link, Open Graph and Twitter cards and schema.org JSON-LD, all in the first
 * HTML answer. The origin comes from the root loader (PUBLIC_URL), so links are absolute.
 */
import type { MetaDescriptor } from "react-router";
import { BRAND_NAME } from "~/lib/constants";
import { ARTICLE_PRICE_EUR, COMPANY, CURRENCY, TRIAL_PRICE_EUR } from "~/lib/offer";

type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The public origin (PUBLIC_URL without a trailing slash), read from the root loader's data. */
export function originFrom(matches: readonly MatchWithData[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicConfig?: { origin?: string } } | undefined;
  return root?.publicConfig?.origin ?? "";
}

export type SeoInput = {
  title: string;
  description: string;
  /** The canonical path ('/', '/home-3'). */
  path: string;
  type?: "website" | "article";
  image?: string | null;
  /** schema.org objects to add as JSON-LD. */
  jsonLd?: object[];
  noindex?: boolean;
};

export function seoMeta(matches: readonly MatchWithData[], input: SeoInput): MetaDescriptor[] {
  const origin = originFrom(matches);
  const url = `${origin}${input.path}`;
  const image = input.image ? new URL(input.image, `${origin}/`).href : `${origin}/og-image.png`;
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: BRAND_NAME },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** The service as an Organization. */
export function organizationLd(origin: string, email?: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: BRAND_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    ...(email ? { email } : {}),
    address: { "@type": "PostalAddress", addressLocality: COMPANY.city, addressCountry: "FR" },
  };
}

/** The article offer as a Service with its Offer(s): the 1€ trial and the regular price, or the given prices. */
export function offerLd(origin: string, offers: { name: string; price: number; description?: string }[] = defaultOffers, path = "/") {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: "Done-for-you SEO and AI articles",
    serviceType: "SEO content writing",
    provider: { "@type": "Organization", name: BRAND_NAME, url: `${origin}/` },
    areaServed: "Worldwide",
    offers: offers.map((offer) => ({
      "@type": "Offer",
      name: offer.name,
      price: offer.price.toFixed(2),
      priceCurrency: CURRENCY,
      ...(offer.description ? { description: offer.description } : {}),
      url: `${origin}${path}#pricing`,
      availability: "https://schema.org/InStock",
    })),
  };
}

const defaultOffers = [
  { name: "First article trial", price: TRIAL_PRICE_EUR, description: "One article per client" },
  { name: "Article", price: ARTICLE_PRICE_EUR, description: "Per article, excluding VAT" },
];

/** FAQPage data from plain-text questions and answers. */
export function faqLd(items: readonly { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** The usual set for a landing page: Organization, Offer and (when it has one) FAQPage. */
export function landingLd(
  origin: string,
  options: {
    faq?: readonly { question: string; answer: string }[];
    offers?: { name: string; price: number; description?: string }[];
    email?: string;
    /** The page that shows the offers (their link is its #pricing). */
    path?: string;
  } = {},
) {
  const list: object[] = [organizationLd(origin, options.email), offerLd(origin, options.offers, options.path)];
  if (options.faq?.length) list.push(faqLd(options.faq));
  return list;
}
