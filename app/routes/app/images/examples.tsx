import { Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { Button } from "~/components/ui/button";
import { IMAGE_MESSAGES, imageFilesOnly, UPLOAD_BATCH_MAX_BYTES } from "~/lib/image-rules";
import { notify } from "~/lib/notify";
import { cn } from "~/lib/utils";
import { ImageTile } from "./image-tile";
import type { action } from "../images";
import { EmptyImages, type ShownImage } from "./propositions";

/** Drag-and-drop zone and file picker for example images (several at once, image files only). */
export function ExampleUpload() {
  const fetcher = useToastFetcher<typeof action>();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const busy = fetcher.state !== "idle";

  const upload = (list: FileList | null) => {
    // Files whose type does not start with image/ are ignored here (the server checks the content).
    const files = imageFilesOnly(list ? Array.from(list) : []);
    if (input.current) input.current.value = "";
    if (files.length === 0) {
      if (list && list.length > 0) notify({ type: "error", title: IMAGE_MESSAGES.uploadFailed, description: IMAGE_MESSAGES.formats });
      return;
    }
    if (files.reduce((sum, file) => sum + file.size, 0) > UPLOAD_BATCH_MAX_BYTES) {
      notify({ type: "error", title: IMAGE_MESSAGES.uploadFailed, description: IMAGE_MESSAGES.batchTooLarge });
      return;
    }
    const form = new FormData();
    form.set("intent", "upload");
    for (const file of files) form.append("files", file);
    fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  };

  return (
    <div
      role="group"
      aria-label="Upload example images"
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!busy) upload(event.dataTransfer.files);
      }}
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors",
        dragging ? "border-primary bg-primary/5" : "border-muted-foreground/30",
      )}
    >
      <Upload className="size-7 text-muted-foreground" aria-hidden="true" />
      <p className="text-sm">Drag and drop images here, or</p>
      <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? "Uploading..." : "Choose images"}
      </Button>
      <p className="text-xs text-muted-foreground">JPG, PNG, GIF or WebP; 10 MB max per image; several at once.</p>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label="Example image files"
        onChange={(event) => upload(event.currentTarget.files)}
      />
    </div>
  );
}

export function ExampleGrid({ images, onDelete }: { images: ShownImage[]; onDelete: (image: ShownImage, label: string) => void }) {
  if (images.length === 0) return <EmptyImages text={IMAGE_MESSAGES.noExamples} />;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Example images">
      {images.map((image, index) => {
        const label = `Example image ${index + 1}`;
        return (
          <ImageTile
            key={image.id}
            src={image.imageUrl}
            alt={label}
            deleteLabel={`Delete ${label.toLowerCase()}`}
            onDelete={() => onDelete(image, label.toLowerCase())}
          />
        );
      })}
    </ul>
  );
}
