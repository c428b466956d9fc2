import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { versionLabel } from "~/lib/version-rules";
import type { ScreenVersion } from "./types";
import { useVersionFetcher } from "./use-version-fetcher";

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
  const fetcher = useVersionFetcher((result) => {
    if (result.ok && result.versionId) onDeleted(result.versionId);
    onClose();
  });
  const busy = fetcher.state !== "idle";

  return (
    <AlertDialog open={version !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this version?</AlertDialogTitle>
          <AlertDialogDescription>
            {version ? versionLabel(version.createdDate) : null} will be deleted for good. The other versions are kept.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={busy}
            className="bg-destructive text-white hover:bg-destructive/90"
            onClick={(event) => {
              event.preventDefault();
              if (version) fetcher.submit({ intent: "delete", versionId: String(version.id) }, { method: "post" });
            }}
          >
            {busy ? "Deleting..." : "Delete"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
