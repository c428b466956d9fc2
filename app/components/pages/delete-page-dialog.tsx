import { useEffect } from "react";
import { useFetcher } from "react-router";
import { ConfirmDeleteDialog } from "~/components/confirm-dialog";
import { notify } from "~/lib/notify";
import type { PageActionResult, PageItem } from "./types";

/** Deleting a page asks first (spec part 2, section 8). */
export function DeletePageDialog({ page, siteId, onClose }: { page: PageItem | null; siteId: number; onClose: () => void }) {
  const fetcher = useFetcher<PageActionResult>();
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.toast) notify(fetcher.data.toast);
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  return (
    <ConfirmDeleteDialog
      open={page !== null}
      title="Delete this page?"
      description={`Are you sure you want to delete the page "${page?.name}"?`}
      busy={busy}
      onCancel={onClose}
      onConfirm={() =>
        page && fetcher.submit({ intent: "delete", pageId: String(page.id) }, { method: "post", action: `/sites/${siteId}/pages` })
      }
    />
  );
}
