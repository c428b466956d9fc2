import { Bot, Check, Mail, UserRound, X } from "lucide-react";
import { Faq, type FaqItem } from "~/components/marketing/faq";
import { ProcessSteps } from "~/components/marketing/process-steps";
import { Section } from "~/components/marketing/section";
import { EXPERT, REVIEWS, reviewAlt } from "~/components/marketing/solo/expert";
import { APPROACHES, DIVISION_OF_LABOUR, HYBRID_STEPS, SOLO_FAQ_BASE } from "~/components/marketing/solo/solo-copy";
import { Button } from "~/components/ui/button";
import { usePublicConfig } from "~/lib/public-config";
import { cn } from "~/lib/utils";

/** #how: the four steps of the hybrid method, then who does what (the AI-plus-human flow). */
export function HybridMethodSection() {
  return (
    <Section
      id="how"
      eyebrow="How it works"
      title="How my hybrid method works"
      intro="AI for speed, a human editor for judgement. You stay in control at the two moments that matter: the outline and the final read."
    >
      <ProcessSteps steps={HYBRID_STEPS} />
      <div className="mt-12 grid gap-5 md:grid-cols-2">
        <DivisionCard icon={Bot} {...DIVISION_OF_LABOUR.ai} />
        <DivisionCard icon={UserRound} {...DIVISION_OF_LABOUR.human} highlight />
      </div>
    </Section>
  );
}

function DivisionCard({
  icon: Icon,
  title,
  items,
  highlight,
}: {
  icon: typeof Bot;
  title: string;
  items: readonly string[];
  highlight?: boolean;
}) {
  return (
    <div className={cn("rounded-2xl border p-6 shadow-sm sm:p-8", highlight ? "border-primary/40 bg-primary/5" : "bg-card")}>
      <h3 className="flex items-center gap-3 text-lg font-semibold">
        <span className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        {title}
      </h3>
      <ul className="mt-5 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex gap-3">
            <Check className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Why the hybrid beats pure AI tools and pure human writers. */
export function WhyHybridSection({ intro }: { intro: string }) {
  return (
    <Section id="why-hybrid" eyebrow="Why AI plus a human" title="Why AI plus a human editor beats either alone" intro={intro} tone="muted">
      <ul className="grid gap-5 lg:grid-cols-3">
        {APPROACHES.map((approach) => {
          const best = approach.verdict === "good";
          return (
            <li
              key={approach.title}
              className={cn(
                "flex flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-8",
                best && "border-primary shadow-lg ring-1 ring-primary",
              )}
            >
              <h3 className={cn("text-lg font-semibold", best && "text-primary")}>{approach.title}</h3>
              <ul className="mt-5 space-y-3 text-sm sm:text-base">
                {approach.points.map((point) => (
                  <li key={point.text} className="flex gap-3">
                    {point.good ? (
                      <Check className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
                    ) : (
                      <X className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
                    )}
                    <span>
                      <span className="sr-only">{point.good ? "Strength: " : "Weakness: "}</span>
                      {point.text}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** #testimonials: the two review screenshots (below the first screen: lazy). */
export function ReviewImagesSection() {
  return (
    <Section
      id="testimonials"
      eyebrow="Reviews"
      title="What my clients say"
      intro="Two of the site owners I write for, in their own words."
    >
      <ul className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
        {REVIEWS.map((review) => (
          <li key={review.src}>
            <figure>
              <img
                src={review.src}
                width={review.width}
                height={review.height}
                alt={reviewAlt(review)}
                loading="lazy"
                decoding="async"
                className="h-auto w-full drop-shadow-md"
              />
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** #faq: the variant's questions first, then the shared ones. */
export function SoloFaqSection({ items, tone = "muted" }: { items: readonly FaqItem[]; tone?: "plain" | "muted" }) {
  return (
    <Section
      id="faq"
      eyebrow="FAQ"
      title="Frequently asked questions"
      intro="Straight answers to what site owners ask me before we start."
      tone={tone}
    >
      <Faq items={[...items, ...SOLO_FAQ_BASE]} defaultOpen={0} />
    </Section>
  );
}

/** A mailto link to the configured contact address with a prefilled subject. */
export function mailtoHref(email: string, subject: string) {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

/** #contact: write to me (a mail link with a prefilled subject). */
export function ContactMailSection({ subject }: { subject: string }) {
  const { contactEmail } = usePublicConfig();
  return (
    <Section
      id="contact"
      eyebrow="Contact"
      title="Let's talk about your site"
      intro="Tell me about your website, your readers and the topics you want to own. I read and answer every message myself."
    >
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-10">
        <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
          <Mail className="size-6" aria-hidden="true" />
        </span>
        <p className="text-pretty text-muted-foreground">
          A few lines are enough: your site's address, what you publish today and what you would like to rank for.
        </p>
        <Button asChild size="lg" className="h-11 px-6">
          <a href={mailtoHref(contactEmail, subject)}>
            <Mail aria-hidden="true" />
            Email me about your project
          </a>
        </Button>
        <p className="text-sm text-muted-foreground">
          or write to <span className="font-medium break-all text-foreground">{contactEmail}</span>
          <span className="block">
            {EXPERT.name}, {EXPERT.role}, {EXPERT.city}
          </span>
        </p>
      </div>
    </Section>
  );
}

/** Who I am: the author card (Home5). */
export function AuthorSection() {
  return (
    <Section id="about" eyebrow="Who I am" title="The editor behind every article" tone="muted">
      <article
        aria-labelledby="author-name"
        className="mx-auto grid max-w-4xl items-center gap-8 rounded-2xl border bg-card p-6 shadow-sm sm:p-10 md:grid-cols-[220px_1fr]"
      >
        <img
          src={EXPERT.portrait.src}
          width={EXPERT.portrait.width}
          height={EXPERT.portrait.height}
          alt={EXPERT.portraitAlt}
          loading="lazy"
          decoding="async"
          className="mx-auto h-auto w-full max-w-[200px] rounded-2xl border bg-primary/10"
        />
        <div>
          <h3 id="author-name" className="text-2xl font-bold">
            {EXPERT.name}
          </h3>
          <p className="font-medium text-primary">
            {EXPERT.role}, {EXPERT.city}
          </p>
          <div className="mt-4 space-y-3 text-pretty text-muted-foreground">
            {EXPERT.bio.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <ul className="mt-6 grid gap-2 sm:grid-cols-2">
            {EXPERT.facts.map((fact) => (
              <li key={fact} className="flex items-start gap-2 text-sm font-medium">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {fact}
              </li>
            ))}
          </ul>
        </div>
      </article>
    </Section>
  );
}
