import { Check, ImageOff } from "lucide-react";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { IMAGE_MESSAGES } from "~/lib/image-rules";
import { ImageTile } from "./image-tile";
import type { PageImage } from "~/models/image.server";
import type { action } from "../images";

/** An image of a grid, as the loader sends it. */
export type ShownImage = Pick<PageImage, "id" | "imageUrl" | "chosen">;

/** The cover image propositions of the page: choose one (the only chosen image of the page), or delete. */
export function PropositionGrid({ images, onDelete }: { images: ShownImage[]; onDelete: (image: ShownImage, label: string) => void }) {
  const fetcher = useToastFetcher<typeof action>();
  const choosing = fetcher.state !== "idle" ? Number(fetcher.formData?.get("imageId")) : null;

  if (images.length === 0) return <EmptyImages text={IMAGE_MESSAGES.noPropositions} />;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Image propositions">
      {images.map((image, index) => {
        const label = `Image proposition ${index + 1}`;
        const chosen = choosing !== null ? choosing === image.id : image.chosen;
        return (
          <ImageTile
            key={image.id}
            src={image.imageUrl}
            alt={label}
            highlighted={chosen}
            badge={chosen ? <Badge>Chosen</Badge> : null}
            deleteLabel={`Delete ${label.toLowerCase()}`}
            onDelete={() => onDelete(image, label.toLowerCase())}
          >
            <Button
              type="button"
              size="sm"
              variant={chosen ? "default" : "outline"}
              aria-pressed={chosen}
              aria-label={`Choose ${label.toLowerCase()}`}
              disabled={fetcher.state !== "idle"}
              className="w-full"
              onClick={() => fetcher.submit({ intent: "choose", imageId: String(image.id) }, { method: "post" })}
            >
              {chosen ? <Check aria-hidden="true" /> : null}
              {chosen ? "Chosen" : "Choose"}
            </Button>
          </ImageTile>
        );
      })}
    </ul>
  );
}

export function EmptyImages({ text }: { text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center text-sm text-muted-foreground">
      <ImageOff className="size-6" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

export function LoadError({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-6 text-center text-sm text-destructive">
      {text}
    </p>
  );
}
