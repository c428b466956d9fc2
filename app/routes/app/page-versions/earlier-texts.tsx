import { ChevronDown, History, RefreshCw, Undo2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { ArticleHtml } from "~/components/article-html";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { loader as historyLoader } from "~/routes/api/version-history";
import type { ScreenVersion, VersionsFetcher } from "./types";

export const earlierTextsTitle = (count: number) => `Earlier texts (${count})`;

/**
 * 'Earlier texts (n)' of the active version: what it said before modification requests replaced its
 * HTML in place. The texts (sanitized on the server) are loaded when the person opens the list, and
 * each one is shown on demand. `restore` posts 'restore-earlier'; it belongs to the screen, because this
 * list goes away as soon as the restored version (without earlier texts) becomes the active one.
 */
export function EarlierTexts({ version, restore }: { version: ScreenVersion; restore: VersionsFetcher }) {
  const fetcher = useFetcher<typeof historyLoader>();
  const [open, setOpen] = useState(false);
  const [shownId, setShownId] = useState<number | null>(null);
  const url = `/api/versions/${version.id}/history`;
  // React Router keeps `load` the same function.
  const { load } = fetcher;

  // Opened, or a new earlier text kept while open (the screen refreshes during a modification): read again.
  useEffect(() => {
    if (open) void load(url);
  }, [open, url, version.historyCount, load]);

  const result = fetcher.data;
  const listId = `earlier-texts-${version.id}`;
  return (
    <section aria-labelledby={`${listId}-title`} className="rounded-xl border bg-card shadow-sm">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between gap-3 rounded-xl px-4 py-3 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:px-5"
      >
        <span className="flex min-w-0 items-start gap-3">
          <History className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0">
            <span id={`${listId}-title`} className="block font-semibold">
              {earlierTextsTitle(version.historyCount)}
            </span>
            <span className="block text-sm text-muted-foreground">What this version said before modification requests changed it.</span>
          </span>
        </span>
        <ChevronDown className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")} aria-hidden="true" />
      </button>
      {open ? (
        <div id={listId} className="border-t px-4 py-3 sm:px-5">
          {!result && fetcher.state !== "idle" ? (
            <Spinner label="Loading earlier texts..." className="py-2 text-muted-foreground" />
          ) : result && !result.ok ? (
            <LoadFailed onRetry={() => void load(url)} busy={fetcher.state !== "idle"} />
          ) : result && result.texts.length === 0 ? (
            <p className="py-2 text-sm text-muted-foreground">No earlier texts.</p>
          ) : result ? (
            <ol className="divide-y" aria-label="Earlier texts">
              {result.texts.map((text, index) => {
                const shown = shownId === text.id;
                const label = `Text replaced on ${formatDateTime(text.replacedAt)}`;
                return (
                  <li key={text.id} className="py-2">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="text-sm">
                        <span className="font-medium">{label}</span>
                        {index === 0 ? <span className="text-muted-foreground"> · the one before the current text</span> : null}
                      </p>
                      <div className="flex flex-wrap gap-2">
                        <restore.Form method="post">
                          <input type="hidden" name="intent" value="restore-earlier" />
                          <input type="hidden" name="historyId" value={text.id} />
                          <Button
                            type="submit"
                            size="sm"
                            variant="outline"
                            disabled={restore.state !== "idle"}
                            aria-label={`Restore the text replaced on ${formatDateTime(text.replacedAt)} as a new version`}
                          >
                            <Undo2 aria-hidden="true" /> Restore as new version
                          </Button>
                        </restore.Form>
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          aria-expanded={shown}
                          aria-label={`${shown ? "Hide" : "View"} the text replaced on ${formatDateTime(text.replacedAt)}`}
                          onClick={() => setShownId(shown ? null : text.id)}
                        >
                          {shown ? "Hide" : "View"}
                        </Button>
                      </div>
                    </div>
                    {shown ? (
                      <div
                        className="mt-2 max-h-[32rem] overflow-auto rounded-lg border bg-background px-4 py-4 sm:px-8 sm:py-6"
                        role="region"
                        tabIndex={0}
                        aria-label={label}
                      >
                        {text.safeHtml.trim() === "" ? (
                          <p className="text-center text-sm text-muted-foreground">This text has nothing to show.</p>
                        ) : (
                          <ArticleHtml html={text.safeHtml} className="mx-auto max-w-3xl" />
                        )}
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function LoadFailed({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3 py-2" role="alert">
      <p className="text-sm font-medium">Unable to load earlier texts.</p>
      <Button type="button" size="sm" variant="outline" onClick={onRetry} disabled={busy}>
        <RefreshCw aria-hidden="true" /> Try again
      </Button>
    </div>
  );
}
