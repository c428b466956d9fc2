import { Eye, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { Spinner } from "~/components/ui/spinner";
import { KEYWORD_TEXTS, SERP_REFRESH_DELAY_MS, showSerpSearchButton, showViewSerps } from "~/lib/keyword-rules";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { PageKeywordRow } from "~/models/keyword.server";
import type { action } from "../keywords";

/** A keyword of the page as the screen receives it. */
export type ScreenKeyword = PageKeywordRow;

/** The page's keywords: Keyword, Search Results, Use in search, Actions. */
export function KeywordsTable({
  rows,
  serpsActionAvailable,
  onViewSerps,
}: {
  rows: ScreenKeyword[];
  serpsActionAvailable: boolean;
  onViewSerps: (row: ScreenKeyword) => void;
}) {
  if (rows.length === 0) {
    return <p className="rounded-xl border border-dashed px-6 py-12 text-center text-sm text-muted-foreground">{KEYWORD_TEXTS.empty}</p>;
  }
  return (
    <div className="overflow-x-auto rounded-xl border" role="region" aria-label="Keywords table" tabIndex={0}>
      <table className="w-full min-w-[560px] text-sm">
        <thead className="bg-muted/50 text-left text-xs font-medium text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2.5">
              Keyword
            </th>
            <th scope="col" className="px-3 py-2.5">
              Search Results
            </th>
            <th scope="col" className="px-3 py-2.5">
              Use in search
            </th>
            <th scope="col" className="px-3 py-2.5">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <KeywordRow key={row.id} row={row} serpsActionAvailable={serpsActionAvailable} onViewSerps={onViewSerps} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function KeywordRow({
  row,
  serpsActionAvailable,
  onViewSerps,
}: {
  row: ScreenKeyword;
  serpsActionAvailable: boolean;
  onViewSerps: (row: ScreenKeyword) => void;
}) {
  const toggle = useToastFetcher<typeof action>();
  // While the change is on its way the switch shows the value asked for.
  const pending = toggle.formData?.get("value");
  const toSearch = pending === undefined || pending === null ? row.toSearch : pending === "true";
  const row_ = { ...row, toSearch };

  return (
    <tr className="border-t align-middle">
      <th scope="row" className="px-3 py-2.5 text-left font-medium break-words">
        {row.keyword}
      </th>
      <td className="px-3 py-2.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="tabular-nums" aria-label={`${row.serpCount} search results`}>
            {row.serpCount}
          </span>
          {showViewSerps(row) ? (
            <Button size="sm" variant="outline" onClick={() => onViewSerps(row)} aria-label={`View SERPS for ${row.keyword}`}>
              <Eye aria-hidden="true" /> View SERPS
            </Button>
          ) : null}
        </div>
      </td>
      <td className="px-3 py-2.5">
        <Switch
          checked={toSearch}
          aria-label={`Use "${row.keyword}" in search`}
          disabled={toggle.state !== "idle"}
          onCheckedChange={(value) => toggle.submit({ intent: "toggle", linkId: String(row.id), value: String(value) }, { method: "post" })}
        />
      </td>
      <td className="px-3 py-2.5">
        {/* Shown as soon as the switch turns on, but pressed only once that change is saved: a search queued while
            it is on its way would lose its answer when the list refreshes under it. */}
        {showSerpSearchButton(row_, serpsActionAvailable) ? <SerpSearchButton row={row} saving={toggle.state !== "idle"} /> : null}
      </td>
    </tr>
  );
}

/**
 * Queues a SERP search for the keyword; reads 'Searching...' while it runs, and the list is
 * refreshed 2 seconds after success.
 */
function SerpSearchButton({ row, saving }: { row: ScreenKeyword; saving: boolean }) {
  const revalidator = useRevalidator();
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fetcher = useToastFetcher<typeof action>((answer) => {
    if (!answer.ok) return;
    setWaiting(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      void revalidator.revalidate().finally(() => setWaiting(false));
    }, SERP_REFRESH_DELAY_MS);
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const busy = fetcher.state !== "idle" || waiting;
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={busy || saving}
      aria-label={busy ? undefined : `Search SERPs for ${row.keyword}`}
      onClick={() => fetcher.submit({ intent: "queue-serp", keywordId: String(row.keywordId) }, { method: "post" })}
    >
      {busy ? <Spinner /> : <Search aria-hidden="true" />}
      {busy ? KEYWORD_TEXTS.searching : "Search SERPs"}
    </Button>
  );
}
