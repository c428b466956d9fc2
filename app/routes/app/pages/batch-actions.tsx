import { ClipboardCopy, FilePlus2, X } from "lucide-react";
import { useRef } from "react";
import type { PageSelection } from "./pages-table";
import { Button } from "~/components/ui/button";
import { notify } from "~/lib/notify";
import { BATCH_CREATE_MIN, COPY_URLS_MIN, PAGE_MESSAGES } from "~/lib/page-rules";
import { errorToast } from "~/lib/toast";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action } from "../pages";

/** The server said no (no version among the pages, a refused request): its answer's toast says why. */
class CopyRefused extends Error {}

type Deferred = { resolve: (text: string) => void; reject: (error: Error) => void };

/**
 * Writes text that is still being fetched. Where ClipboardItem is known, the write starts at once,
 * inside the click (Safari and Firefox only allow clipboard writes during a user gesture), with the
 * text as a promise; otherwise, or if that write fails, the text is awaited and written.
 */
async function writeClipboard(text: Promise<string>) {
  if (typeof ClipboardItem !== "undefined" && navigator.clipboard?.write) {
    const blob = text.then((value) => new Blob([value], { type: "text/plain" }));
    blob.catch(() => undefined);
    try {
      await navigator.clipboard.write([new ClipboardItem({ "text/plain": blob })]);
      return;
    } catch {
      // Falls through: the text's own failure (a CopyRefused) is thrown below, or writeText is tried.
    }
  }
  const value = await text;
  if (!navigator.clipboard?.writeText) throw new Error("No clipboard");
  await navigator.clipboard.writeText(value);
}

/** Why selected pages are out of sight, in the bar's words. */
const HIDDEN_BY: Record<PageSelection["hiddenBy"], string> = {
  filter: "hidden by the search or filter",
  paging: "on other pages",
  either: "hidden by the search or filter, or on other pages",
};

/**
 * The bar over the table when rows are selected: create articles (2 or more) and copy URLs (1 or more).
 * Paging, a search or a filter keeps the selection: the bar says how many selected pages are out of sight
 * and why, and the actions apply to them too.
 */
export function BatchActions({
  siteId,
  selectedIds,
  hiddenCount,
  hiddenBy,
  onClear,
}: {
  siteId: number;
  /** Those shown in the order of the table, then the others. */
  selectedIds: number[];
  /** How many of them the list does not show. */
  hiddenCount: number;
  hiddenBy: PageSelection["hiddenBy"];
  onClear: () => void;
}) {
  const create = useToastFetcher<typeof action>((answer) => answer.ok && onClear());
  const pendingCopy = useRef<Deferred | null>(null);
  // The copy's answer settles the clipboard's text; a refusal's toast is the answer's own.
  const copy = useToastFetcher<typeof action>((answer) => {
    const pending = pendingCopy.current;
    pendingCopy.current = null;
    if (!pending) return;
    if (answer.ok && answer.intent === "copy-urls") pending.resolve(answer.text);
    else pending.reject(new CopyRefused());
  });
  const path = `/sites/${siteId}/pages`;
  const count = selectedIds.length;

  function form(intent: string) {
    const data = new FormData();
    data.set("intent", intent);
    for (const id of selectedIds) data.append("pageId", String(id));
    return data;
  }

  function copyUrls() {
    pendingCopy.current?.reject(new Error("superseded"));
    const text = new Promise<string>((resolve, reject) => {
      pendingCopy.current = { resolve, reject };
    });
    text.catch(() => undefined);
    copy.submit(form("copy-urls"), { method: "post", action: path });
    writeClipboard(text).then(
      () => notify({ type: "success", title: PAGE_MESSAGES.urlsCopied, id: `copy-${Date.now()}` }),
      (error: unknown) => {
        if (error instanceof CopyRefused || (error instanceof Error && error.message === "superseded")) return;
        notify(errorToast(PAGE_MESSAGES.copyFailed));
      },
    );
  }

  const creating = create.state !== "idle";
  const copying = copy.state !== "idle";
  const tooFew = count < BATCH_CREATE_MIN;

  return (
    <div
      role="region"
      aria-label="Batch actions"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-primary/30 bg-primary/5 px-3 py-2"
    >
      <p className="mr-auto text-sm" aria-live="polite">
        <span className="font-medium">
          {count} {count === 1 ? "page" : "pages"} selected
        </span>
        {hiddenCount > 0 ? <span className="text-muted-foreground"> · {`${hiddenCount} ${HIDDEN_BY[hiddenBy]}`}</span> : null}
      </p>
      {tooFew ? (
        <span id="batch-create-hint" className="text-xs text-muted-foreground">
          Select {BATCH_CREATE_MIN} or more pages to create articles.
        </span>
      ) : null}
      <Button
        size="sm"
        onClick={() => create.submit(form("create-articles"), { method: "post", action: path })}
        disabled={tooFew || creating}
        aria-describedby={tooFew ? "batch-create-hint" : undefined}
      >
        <FilePlus2 aria-hidden="true" /> {creating ? "Creating..." : "Create articles"}
      </Button>
      <Button size="sm" variant="outline" onClick={copyUrls} disabled={count < COPY_URLS_MIN || copying}>
        <ClipboardCopy aria-hidden="true" /> {copying ? "Copying..." : "Copy URLs"}
      </Button>
      <Button size="icon" variant="ghost" className="size-8" onClick={onClear} aria-label="Clear selection" title="Clear selection">
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
