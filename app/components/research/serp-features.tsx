import { ExternalLink, MessageCircleQuestion, Sparkles } from "lucide-react";
import { useId } from "react";
import type { SerpFeatures } from "~/lib/content-score/types";
import { decodeForReading, hostAndPath, isSafeLink } from "~/lib/keyword-rules";
import type { PageLang } from "~/lib/page-lang";
import { RESEARCH_TEXTS } from "~/lib/research-texts";

/**
 * What a search returned besides its organic results (issue 39): the questions people ask with their short answers,
 * the featured snippet, the AI Overview with the sources it cites, and the related searches. Each part says so when
 * the search had none. Section titles are h3 (under the dialog's or the card's h2).
 */
export function SerpFeaturesView({ features, lang }: { features: SerpFeatures; lang: PageLang }) {
  const t = RESEARCH_TEXTS[lang];
  return (
    <div className="grid gap-6">
      <Section title={t.peopleAlsoAsk} count={features.peopleAlsoAsk.length}>
        {features.peopleAlsoAsk.length ? (
          <ul className="grid gap-2">
            {features.peopleAlsoAsk.map((asked, index) => (
              <li key={index} className="rounded-lg border p-3">
                <p className="flex gap-2 font-medium break-words">
                  <MessageCircleQuestion className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  {asked.question}
                </p>
                {asked.answer ? <p className="mt-1 pl-6 text-sm break-words text-muted-foreground">{asked.answer}</p> : null}
                {asked.url && isSafeLink(asked.url) ? (
                  <p className="mt-1 pl-6 text-xs">
                    <span className="sr-only">{t.answerSource}</span>
                    <SourceLink url={asked.url} label={asked.title} />
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <Empty>{t.noPeopleAlsoAsk}</Empty>
        )}
      </Section>

      <Section title={t.aiOverview}>
        {features.aiOverview ? (
          <div className="grid gap-3 rounded-lg border bg-muted/30 p-3">
            <p className="flex gap-2 text-sm break-words whitespace-pre-line">
              <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{features.aiOverview.text}</span>
            </p>
            {features.aiOverview.references.length ? (
              <div className="grid gap-1 pl-6">
                <p className="text-xs font-medium text-muted-foreground">{t.aiSources(features.aiOverview.references.length)}</p>
                <ol className="grid list-decimal gap-1 pl-5 text-xs">
                  {features.aiOverview.references.map((reference, index) => (
                    <li key={index} className="break-words">
                      <SourceLink url={reference.url} label={reference.title ?? reference.source} />
                      {reference.source && reference.title ? <span className="text-muted-foreground"> · {reference.source}</span> : null}
                    </li>
                  ))}
                </ol>
              </div>
            ) : null}
          </div>
        ) : (
          <Empty>{t.noAiOverview}</Empty>
        )}
      </Section>

      <Section title={t.featuredSnippet}>
        {features.featuredSnippet ? (
          <blockquote className="grid gap-1 rounded-lg border-l-4 border-primary/40 bg-muted/30 p-3 text-sm">
            {features.featuredSnippet.title ? <p className="font-medium break-words">{features.featuredSnippet.title}</p> : null}
            {features.featuredSnippet.text ? <p className="break-words text-muted-foreground">{features.featuredSnippet.text}</p> : null}
            {features.featuredSnippet.url ? (
              <p className="text-xs">
                <SourceLink url={features.featuredSnippet.url} label={features.featuredSnippet.domain} />
              </p>
            ) : null}
          </blockquote>
        ) : (
          <Empty>{t.noFeaturedSnippet}</Empty>
        )}
      </Section>

      <Section title={t.relatedSearches} count={features.relatedSearches.length}>
        {features.relatedSearches.length ? (
          <ul className="flex flex-wrap gap-2">
            {features.relatedSearches.map((search, index) => (
              <li key={index} className="rounded-full border bg-background px-3 py-1 text-sm break-words">
                {search}
              </li>
            ))}
          </ul>
        ) : (
          <Empty>{t.noRelatedSearches}</Empty>
        )}
      </Section>
    </div>
  );
}

function Section({ title, count, children }: { title: string; count?: number; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        {title}
        {count ? (
          <span className="rounded-md bg-secondary px-1.5 text-xs font-medium text-secondary-foreground tabular-nums">{count}</span>
        ) : null}
      </h3>
      {children}
    </section>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

/** A page's address as people read it, linking to the real one (in a new tab); plain text when it is not a web address. */
export function SourceLink({ url, label }: { url: string; label?: string | null }) {
  const text = label || hostAndPath(url);
  if (!isSafeLink(url)) return <span className="break-words">{text}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={decodeForReading(url)}
      className="inline-flex items-baseline gap-1 break-all text-primary underline-offset-4 hover:underline"
    >
      {text}
      <ExternalLink className="size-3 shrink-0 self-center" aria-hidden="true" />
    </a>
  );
}
