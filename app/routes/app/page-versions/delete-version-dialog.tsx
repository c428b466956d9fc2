import { ConfirmDeleteDialog } from "~/components/confirm-dialog";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action } from "../page-versions";
import type { ScreenVersion } from "./types";

/** Asks before deleting a version; on success hands the deleted id back (the screen picks the next active one). */
export function DeleteVersionDialog({
  version,
  onClose,
  onDeleted,
}: {
  version: ScreenVersion | null;
  onClose: () => void;
  onDeleted: (id: number) => void;
}) {
  const fetcher = useToastFetcher<typeof action>((answer) => {
    if (answer.ok && answer.intent === "delete") onDeleted(answer.versionId);
    onClose();
  });
  const busy = fetcher.state !== "idle";

  return (
    <ConfirmDeleteDialog
      open={version !== null}
      title="Delete this version?"
      description={<>{version ? version.label : null} will be deleted for good. The other versions are kept.</>}
      busy={busy}
      onCancel={onClose}
      onConfirm={() => version && fetcher.submit({ intent: "delete", versionId: String(version.id) }, { method: "post" })}
    />
  );
}
