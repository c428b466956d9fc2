import { ConfirmDeleteDialog } from "~/components/confirm-dialog";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { action } from "../images";

export type ImageToDelete = { id: number; label: string };

/** Asks before deleting an image (proposition or example); the stored file goes with it. */
export function DeleteImageDialog({ image, onClose }: { image: ImageToDelete | null; onClose: () => void }) {
  const fetcher = useToastFetcher<typeof action>(() => onClose());
  return (
    <ConfirmDeleteDialog
      open={image !== null}
      title="Delete this image?"
      description={`Are you sure you want to delete ${image?.label ?? "this image"}? This cannot be undone.`}
      busy={fetcher.state !== "idle"}
      onCancel={onClose}
      onConfirm={() => image && fetcher.submit({ intent: "delete", imageId: String(image.id) }, { method: "post" })}
    />
  );
}
