/**
 * The review screen's Sources panel (issue 40): "14 sources checked · 12 supported · 1 not supported · 1 broken",
 * then each claim the article attributes to a source with its state and the source's own words, so that the owner
 * and the team see what backs each sentence before it is published. While the check runs, it says so (the screen
 * reads again until it ends).
 */
import { BookCheck, ExternalLink } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Spinner } from "~/components/ui/spinner";
import { ANSWER_FIRST_WORDS, type GeoMeasures } from "~/lib/geo-measures";
import { cn } from "~/lib/utils";
import type { loader } from "../review";

/** The sources as the loader gives them (models/sources.server.ts), read from the route (docs/decisions/016). */
type Loaded = Awaited<ReturnType<typeof loader>>["sources"];
type PanelSource = Loaded["sources"][number];
type PanelCounts = Loaded["counts"];
type Verdict = PanelSource["verdict"];

const VERDICTS: Record<Verdict, { label: string; className: string }> = {
  supported: { label: "Supported", className: "border-green-700 text-green-800" },
  partly: { label: "Partly supported", className: "border-amber-600 text-amber-800" },
  not_supported: { label: "Not supported", className: "border-red-700 text-red-800" },
  broken: { label: "Broken link", className: "border-red-700 text-red-800" },
  unchecked: { label: "Not checked", className: "text-muted-foreground" },
};

const KINDS = { link: null, quotation: "Quotation", statistic: "Figure" } as const;

/** "14 sources checked · 12 supported · 1 not supported · 1 broken": only the counts that are not zero, after the total. */
export function sourcesSummary(counts: PanelCounts): string {
  const parts = [
    `${counts.total} ${counts.total === 1 ? "source" : "sources"} checked`,
    counts.supported ? `${counts.supported} supported` : null,
    counts.partly ? `${counts.partly} partly supported` : null,
    counts.notSupported ? `${counts.notSupported} not supported` : null,
    counts.broken ? `${counts.broken} broken` : null,
    counts.unchecked ? `${counts.unchecked} not checked` : null,
  ];
  return parts.filter(Boolean).join(" · ");
}

/** Why a link is what it is, in a few words. */
function linkNote(source: PanelSource): string | null {
  if (source.linkStatus === "broken") return source.httpStatus ? `The page answers ${source.httpStatus}.` : "The page does not answer.";
  if (source.linkStatus === "redirects" && source.finalUrl) return `Redirects to ${source.finalUrl}`;
  if (source.verdict === "unchecked") return "The page has no text to hold the sentence against (not HTML, or too large).";
  return null;
}

function SourceItem({ source }: { source: PanelSource }) {
  const verdict = VERDICTS[source.verdict];
  const kind = KINDS[source.kind];
  const note = linkNote(source);
  return (
    <li
      className="grid gap-1.5 border-t pt-3 text-sm first:border-t-0 first:pt-0"
      data-testid="checked-source"
      data-verdict={source.verdict}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="outline" className={cn(verdict.className)}>
          {verdict.label}
        </Badge>
        {kind ? <Badge variant="secondary">{kind}</Badge> : null}
      </div>
      {source.claim ? <p>{source.claim}</p> : null}
      <a
        href={source.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="inline-flex max-w-full items-center gap-1 text-xs break-all text-primary underline-offset-4 hover:underline"
      >
        {source.url}
        <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      {source.passage ? (
        <blockquote className="border-l-2 pl-2 text-xs text-muted-foreground italic">
          <span className="sr-only">The source says: </span>« {source.passage} »
        </blockquote>
      ) : null}
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      {source.method === "lexical" ? (
        <p className="text-xs text-muted-foreground">Judged by the words it shares with the source (no model configured).</p>
      ) : null}
    </li>
  );
}

/** What AI assistants reward, measured on the version, with the reason (issue 40). */
function GeoMeasuresList({ geo }: { geo: GeoMeasures }) {
  const lines: [string, string, boolean][] = [
    ["Figures with a checked source", String(geo.statistics), geo.statistics > 0],
    ["Quotations found in their source", String(geo.quotations), geo.quotations > 0],
    ["Checked citations per 1,000 words", geo.citationsPer1000.toLocaleString("en"), geo.citationsPer1000 > 0],
    [
      `Opening answers at once (under ${ANSWER_FIRST_WORDS} words)`,
      geo.openingWords === null ? "no opening paragraph" : `${geo.answersFirst ? "yes" : "no"} (${geo.openingWords} words)`,
      geo.answersFirst,
    ],
  ];
  return (
    <div className="grid gap-1.5 border-t pt-3" data-testid="geo-measures">
      <h3 className="text-sm font-medium">What AI assistants reward</h3>
      <dl className="grid gap-1 text-sm">
        {lines.map(([label, value, good]) => (
          <div key={label} className="flex items-baseline justify-between gap-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={cn("tabular-nums", good ? "text-green-800" : "text-amber-800")}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">
        Quotations, statistics and citations raised a page's visibility in AI answers by about 41 %, 33 % and 28 % (GEO, Aggarwal et al.,
        KDD 2024); repeating keywords did not.
      </p>
    </div>
  );
}

export function SourcesPanel({
  sources,
  counts,
  pending,
  fixed,
  geo,
}: {
  sources: PanelSource[];
  counts: PanelCounts;
  pending: boolean;
  fixed: Loaded["fixed"];
  geo: GeoMeasures;
}) {
  return (
    <section aria-labelledby="sources-title" className="grid gap-3" data-testid="sources-panel">
      <h2 id="sources-title" className="flex items-center gap-2 text-sm font-medium">
        <BookCheck className="size-4" aria-hidden="true" /> Sources
      </h2>
      {pending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner /> Checking the sources: each link is followed and each sentence held against its page.
        </p>
      ) : null}
      {!pending && sources.length === 0 ? (
        <p className="text-sm text-muted-foreground">No link to another site in this version: nothing to check.</p>
      ) : null}
      {sources.length ? (
        <>
          <p className="text-sm" data-testid="sources-summary">
            {sourcesSummary(counts)}
          </p>
          <ol className="grid gap-3">
            {sources.map((source) => (
              <SourceItem key={source.id} source={source} />
            ))}
          </ol>
        </>
      ) : null}
      <FixedBeforeReview fixed={fixed} />
      <GeoMeasuresList geo={geo} />
    </section>
  );
}

/**
 * What the writer's first draft got wrong and fixed before anyone saw it (issue 40): the check sent it back once with
 * these named, and the text here no longer holds them.
 */
function FixedBeforeReview({ fixed }: { fixed: Loaded["fixed"] }) {
  if (fixed.length === 0) return null;
  return (
    <details className="rounded-md border bg-muted/30 p-3 text-sm" data-testid="sources-fixed">
      <summary className="cursor-pointer font-medium">
        {fixed.length} {fixed.length === 1 ? "source" : "sources"} fixed before this version was saved
      </summary>
      <p className="mt-2 text-muted-foreground">
        The writer's first draft was checked and sent back once with these named; this version no longer holds them.
      </p>
      <ul className="mt-2 grid gap-2">
        {fixed.map((item, index) => (
          <li key={index} className="grid gap-0.5" data-verdict={item.verdict}>
            <span>
              {item.verdict === "broken" ? "A broken link" : "A claim its source does not support"}
              {item.claim ? `: « ${item.claim} »` : ""}
            </span>
            <span className="text-xs break-all text-muted-foreground">{item.url}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
