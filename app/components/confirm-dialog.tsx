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

/**
 * Asks before a delete (or another change that cannot be undone as such): Cancel, or the destructive
 * confirmation (busy while the request runs). The labels default to the delete wording.
 */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  busy,
  onCancel,
  onConfirm,
  labels = { cancel: "Cancel", confirm: "Delete", busy: "Deleting..." },
}: {
  open: boolean;
  title: string;
  description: React.ReactNode;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  labels?: { cancel: string; confirm: string; busy: string };
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{labels.cancel}</AlertDialogCancel>
          <AlertDialogAction
            disabled={busy}
            className="bg-destructive text-white hover:bg-destructive/90"
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
          >
            {busy ? labels.busy : labels.confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
