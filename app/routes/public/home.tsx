/**
 * The main landing page, team version (spec part 3, "Main landing page sections"), also served at
 * /home-4-pricing-google-2-why-ai. Everything is server-rendered; only the demo list streams in.
 */
import { ArrowRight, Check, Mail, Percent, ShieldCheck, Tag } from "lucide-react";
import type { Route } from "./+types/home";
import { isCrawler } from "~/lib/crawler.server";
import {
  CONTACT_INTRO,
  CONTACT_TITLE,
  FAQ_ITEMS,
  HERO,
  PAGE_DESCRIPTION,
  PAGE_TITLE,
  PRICING_COPY,
} from "~/components/marketing/home/content";
import { DemoArticles } from "~/components/marketing/home/demo-articles";
import { FlowDiagram } from "~/components/marketing/home/flow-diagram";
import { Quiz } from "~/components/marketing/home/quiz";
import { TeamCard } from "~/components/marketing/home/team-card";
import { Testimonials } from "~/components/marketing/home/testimonials";
import { WhyNotTools } from "~/components/marketing/home/why-not-tools";
import { Faq, type FaqItem } from "~/components/marketing/faq";
import { MarketingFooter } from "~/components/marketing/marketing-footer";
import { PricingCard, type PricingPlan } from "~/components/marketing/pricing-card";
import { Section } from "~/components/marketing/section";
import { Button } from "~/components/ui/button";
import { BRAND_NAME } from "~/lib/constants";
import { ARTICLE_PRICE_EUR, INCLUDED, TRIAL_PRICE_EUR } from "~/lib/offer";
import { usePublicConfig } from "~/lib/public-config";
import { landingLd, originFrom, seoMeta } from "~/lib/seo";
import { listDemoArticles } from "~/models/demo.server";
import { logger } from "~/services/logger.server";
import { ContactForm } from "../api/contact/contact-form";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";

/** A static page: no framework scripts, islands for its interactive parts (lib/static-page.ts). */
export const handle = { ...STATIC_PAGE, lang: "en" as const };
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: `${PAGE_TITLE} | ${BRAND_NAME}`,
    description: PAGE_DESCRIPTION,
    path: "/",
    jsonLd: landingLd(originFrom(matches), {
      offers: [
        { name: "First article trial", price: TRIAL_PRICE_EUR, description: "One article per client" },
        { name: "Article", price: ARTICLE_PRICE_EUR, description: "Per article, excluding VAT" },
      ],
    }),
  });

/** The demo list is not awaited: the page renders at once and the list streams in. */
/**
 * The demo list streams to browsers (they see 'Loading demo articles...' first). Crawlers get it already in
 * the first HTML: for them the loader waits, so that no loading text or hidden segment is what they index.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const demos = listDemoArticles().catch((err: unknown) => {
    logger.error({ err }, "demo articles could not be read");
    return [];
  });
  return { demos: isCrawler(request) ? await demos : demos };
}

const ICONS = [Tag, Percent, ShieldCheck] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { paymentLinkUrl } = usePublicConfig();
  const plan: PricingPlan = {
    name: PRICING_COPY.planName,
    price: `€${TRIAL_PRICE_EUR}`,
    priceSuffix: "for your first article",
    description: PRICING_COPY.planDescription,
    features: INCLUDED,
    featured: true,
    cta: { label: PRICING_COPY.cta, href: paymentLinkUrl, external: true },
    note: PRICING_COPY.note,
  };
  const faq: FaqItem[] = FAQ_ITEMS.map((item, index) => (index === 0 ? { ...item, extra: <FlowDiagram /> } : item));

  return (
    <>
      <main id="main" className="flex-1">
        <Hero />
        <WhyNotTools />
        <Quiz />
        <Testimonials />
        <DemoArticles demos={loaderData.demos} />

        <Section id="pricing" eyebrow="Pricing" title={PRICING_COPY.title} intro={PRICING_COPY.intro} tone="muted">
          <div className="mx-auto grid max-w-5xl items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            {/* The only plan on the page: highlighted, with a filled button (the kit's 'popular' flag would add a 'Most popular' badge). */}
            <PricingCard plan={plan} />
            <ul className="space-y-4">
              {PRICING_COPY.after.map((item, index) => {
                const Icon = ICONS[index] ?? Check;
                return (
                  <li key={item.title} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm">
                    <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <div>
                      <h3 className="font-semibold">{item.title}</h3>
                      <p className="mt-1 text-sm text-muted-foreground">{item.text}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        </Section>

        <Section id="faq" eyebrow="FAQ" title="Frequently asked questions" intro="What clients usually ask us before their first article.">
          <Faq items={faq} defaultOpen={0} />
        </Section>

        <Section id="contact" eyebrow="Contact" title={CONTACT_TITLE} intro={CONTACT_INTRO} tone="muted">
          <ContactForm />
        </Section>
      </main>
      <MarketingFooter />
    </>
  );
}

function Hero() {
  return (
    <div className="relative overflow-hidden border-b bg-gradient-to-b from-accent/70 to-background px-4 py-12 sm:px-6 sm:py-16 lg:py-20">
      <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-14">
        <div>
          <p className="flex items-center gap-2.5 text-sm font-semibold text-primary">
            <span
              aria-hidden="true"
              className="grid size-9 place-items-center rounded-lg bg-primary text-base font-bold text-primary-foreground shadow-sm"
            >
              S
            </span>
            <span>
              {BRAND_NAME}
              <span className="text-muted-foreground"> · {HERO.eyebrow}</span>
            </span>
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-[3.4rem] lg:leading-[1.08]">
            {HERO.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">{HERO.lead}</p>
          <p className="mt-4 max-w-2xl rounded-lg border border-primary/20 bg-card px-4 py-3 font-medium text-pretty">{HERO.noSetup}</p>
          <ul className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {HERO.facts.map((fact) => (
              <li key={fact} className="flex items-center gap-1.5">
                <Check className="size-4 text-primary" aria-hidden="true" />
                {fact}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="h-12 px-7 text-base">
              <a href="#pricing">
                {HERO.primary}
                <ArrowRight aria-hidden="true" />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline" className="h-12 px-7 text-base">
              <a href="#contact">
                <Mail aria-hidden="true" />
                {HERO.secondary}
              </a>
            </Button>
          </div>
        </div>
        <TeamCard />
      </div>
    </div>
  );
}
