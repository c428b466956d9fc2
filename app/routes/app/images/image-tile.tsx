import { Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** One image of a grid: the picture (lazy-loaded, with alt text), a badge slot and a delete button. */
export function ImageTile({
  src,
  alt,
  badge,
  highlighted,
  onDelete,
  deleteLabel,
  children,
}: {
  src: string;
  alt: string;
  badge?: React.ReactNode;
  highlighted?: boolean;
  onDelete: () => void;
  deleteLabel: string;
  children?: React.ReactNode;
}) {
  return (
    <li
      className={cn(
        "relative flex flex-col overflow-hidden rounded-lg border bg-card",
        highlighted && "border-primary ring-2 ring-primary/40",
      )}
    >
      <div className="aspect-[4/3] w-full bg-muted">
        <img src={src} alt={alt} loading="lazy" decoding="async" className="size-full object-cover" />
      </div>
      {badge ? <div className="absolute top-2 left-2">{badge}</div> : null}
      <div className="flex items-center gap-2 p-2">
        <div className="min-w-0 flex-1">{children}</div>
        <Button type="button" variant="ghost" size="icon" aria-label={deleteLabel} onClick={onDelete} className="shrink-0">
          <Trash2 aria-hidden="true" className="text-destructive" />
        </Button>
      </div>
    </li>
  );
}
