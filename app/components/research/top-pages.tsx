import { ChevronRight, CircleAlert, Clock } from "lucide-react";
import { useId } from "react";
import { Badge } from "~/components/ui/badge";
import type { Heading } from "~/lib/content-score/types";
import { formatDate, formatDateTime } from "~/lib/format";
import { hostAndPath } from "~/lib/keyword-rules";
import type { PageLang } from "~/lib/page-lang";
import { readingCounts, type ResearchModel, type TopResult } from "~/lib/research-view";
import { RESEARCH_TEXTS } from "~/lib/research-texts";
import { cn } from "~/lib/utils";
import { SourceLink } from "./serp-features";

/**
 * The top 10 organic results of a check (issue 39), each with its word count, its outline (h1-h3, folded: a
 * <details>) and when it was read; a page that could not be read says why, one not read yet says so.
 */
export function TopPagesList({ top, lang, className }: { top: TopResult[]; lang: PageLang; className?: string }) {
  const t = RESEARCH_TEXTS[lang];
  if (!top.length) return <p className="text-sm text-muted-foreground">{t.noTopPages}</p>;
  const counts = readingCounts(top);
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">{t.readingSummary(counts.read, counts.unread, counts.pending, top.length)}</p>
      <ol className={cn("grid items-start gap-2", className)} aria-label={t.topPages}>
        {top.map((result) => (
          <TopPage key={`${result.position}-${result.url}`} result={result} lang={lang} />
        ))}
      </ol>
    </div>
  );
}

function TopPage({ result, lang }: { result: TopResult; lang: PageLang }) {
  const t = RESEARCH_TEXTS[lang];
  const { reading } = result;
  return (
    <li className="flex gap-3 rounded-lg border p-3">
      <span
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold tabular-nums"
        aria-hidden="true"
      >
        {result.position}
      </span>
      <span className="sr-only">{t.position(result.position)}</span>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="min-w-0 truncate text-xs text-muted-foreground">{hostAndPath(result.url)}</p>
        <p className="text-sm font-medium break-words">
          <SourceLink url={result.url} label={result.title} />
        </p>
        {reading.state === "read" ? (
          <>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
              <Badge variant="secondary" className="tabular-nums">
                {t.words(reading.wordCount)}
              </Badge>
              <span>{t.readOn(formatDate(reading.readAt))}</span>
            </p>
            <OutlineDetails headings={reading.headings} lang={lang} />
          </>
        ) : reading.state === "unread" ? (
          <p className="flex items-center gap-1.5 text-xs text-amber-800 dark:text-amber-300">
            <CircleAlert className="size-3.5 shrink-0" aria-hidden="true" />
            {t.unread(reading.reason)}
          </p>
        ) : (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <Clock className="size-3.5 shrink-0" aria-hidden="true" />
            {t.pending}
          </p>
        )}
      </div>
    </li>
  );
}

/** A page's outline, folded: its h1-h3 headings, indented by level. */
export function OutlineDetails({ headings, lang, summary }: { headings: Heading[]; lang: PageLang; summary?: string }) {
  const t = RESEARCH_TEXTS[lang];
  return (
    <details className="group text-sm">
      <summary className="flex w-fit cursor-pointer list-none items-center gap-1 rounded-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 shrink-0 transition-transform group-open:rotate-90" aria-hidden="true" />
        {summary ?? t.outline(headings.length)}
      </summary>
      {headings.length ? (
        <ol className="mt-2 grid gap-1 border-l pl-3">
          {headings.map((heading, index) => (
            <li
              key={index}
              className={cn(
                "flex items-baseline gap-2 break-words",
                heading.level === 1 && "font-semibold",
                heading.level === 2 && "pl-3",
                heading.level === 3 && "pl-7 text-muted-foreground",
              )}
            >
              <span className="shrink-0 font-mono text-[0.7rem] text-muted-foreground uppercase">h{heading.level}</span>
              <span className="min-w-0">{heading.text}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-muted-foreground">{t.noHeadings}</p>
      )}
    </details>
  );
}

/** What the keyword's model says the top pages do: their length and headings (25th to 75th percentile), their score, the important terms. */
export function ModelSummary({ model, lang }: { model: ResearchModel; lang: PageLang }) {
  const t = RESEARCH_TEXTS[lang];
  const termsId = useId();
  const facts: [string, string][] = [
    [t.length, t.lengthRange(model.length.p25, model.length.p75)],
    [t.headings, t.headingsRange(model.headings.p25, model.headings.p75)],
    [t.topScore, t.topScoreValue(model.topScores.median, model.topScores.best)],
  ];
  return (
    <div className="grid gap-4">
      <p className="text-xs text-muted-foreground">{t.modelBuilt(model.pages, formatDateTime(model.builtAt))}</p>
      <dl className="grid gap-2 sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-sm font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {model.terms.length ? (
        <details className="group text-sm">
          <summary className="flex w-fit cursor-pointer list-none items-center gap-1 rounded-sm font-semibold focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
            <ChevronRight className="size-4 shrink-0 transition-transform group-open:rotate-90" aria-hidden="true" />
            <span id={termsId}>{t.terms}</span>
            <span className="rounded-md bg-secondary px-1.5 text-xs font-medium text-secondary-foreground tabular-nums">
              {model.termCount}
            </span>
          </summary>
          {model.termCount > model.terms.length ? (
            <p className="mt-2 text-xs text-muted-foreground">{t.termsMore(model.terms.length, model.termCount)}</p>
          ) : null}
          <div className="mt-2 overflow-x-auto rounded-lg border" role="region" aria-labelledby={termsId} tabIndex={0}>
            <table className="w-full text-sm">
              <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t.termColumns.term}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t.termColumns.pages}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t.termColumns.range}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t.termColumns.inHeadings}
                  </th>
                </tr>
              </thead>
              <tbody>
                {model.terms.map((term) => (
                  <tr key={term.key} className="border-t">
                    <th scope="row" className="px-3 py-1.5 text-left font-medium break-words">
                      {term.label}
                    </th>
                    <td className="px-3 py-1.5 text-right tabular-nums">{t.termPages(term.pages, model.pages)}</td>
                    <td className="px-3 py-1.5 whitespace-nowrap tabular-nums">{t.termRange(term.range)}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{t.termPages(term.inHeadings, model.pages)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </div>
  );
}
