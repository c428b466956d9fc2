import { ConfirmDeleteDialog } from "~/components/confirm-dialog";
import type { PageItem } from "./pages-table";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action } from "../pages";

/**
 * Deleting a page asks first (spec part 2, section 8); the dialog closes on the answer, whatever it is. A
 * deleted page leaves the selection (`onDeleted`).
 */
export function DeletePageDialog({
  page,
  siteId,
  onClose,
  onDeleted,
}: {
  page: PageItem | null;
  siteId: number;
  onClose: () => void;
  onDeleted: (pageId: number) => void;
}) {
  const fetcher = useToastFetcher<typeof action>((answer) => {
    if (answer.ok && answer.intent === "delete") onDeleted(answer.pageId);
    onClose();
  });
  const busy = fetcher.state !== "idle";

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
