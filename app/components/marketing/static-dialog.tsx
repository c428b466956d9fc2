import { XIcon } from "lucide-react";
import { useId } from "react";
import { IslandScript } from "~/components/island-script";
import { cn } from "~/lib/utils";

/**
 * A modal dialog on a static page: the browser's own `<dialog>` (focus moved in and given back, Escape,
 * the page behind inert), opened by its trigger through the island app/islands/dialog.ts; the close
 * button is a dialog form, which needs no script. Looks like the app's dialogs (components/ui/dialog.tsx).
 */
export function StaticDialog({
  trigger,
  title,
  description,
  className,
  titleClassName,
  children,
}: {
  /** The button that opens it (its `data-dialog-open` is set here). */
  trigger: (props: { "data-dialog-open": string; "aria-haspopup": "dialog" }) => React.ReactNode;
  title: string;
  description: string;
  className?: string;
  titleClassName?: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <>
      {trigger({ "data-dialog-open": id, "aria-haspopup": "dialog" })}
      <dialog
        id={id}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        data-island="dialog"
        className={cn(
          "fixed inset-0 m-auto grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] gap-4 overflow-y-auto overscroll-contain rounded-lg border bg-background p-6 text-foreground shadow-lg outline-none backdrop:bg-black/50 not-open:hidden sm:max-w-lg motion-safe:open:animate-pop-in",
          className,
        )}
      >
        <div className="flex flex-col gap-2 pr-6 text-center sm:text-left">
          <h2 id={`${id}-title`} className={cn("text-lg leading-none font-semibold", titleClassName)}>
            {title}
          </h2>
          <p id={`${id}-description`} className="text-sm text-muted-foreground">
            {description}
          </p>
        </div>
        {children}
        <form method="dialog" className="absolute top-4 right-4">
          <button
            type="submit"
            className="inline-flex size-7 items-center justify-center rounded-sm opacity-70 transition-opacity outline-none hover:bg-accent hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4"
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">Close</span>
          </button>
        </form>
      </dialog>
      <IslandScript name="dialog" />
    </>
  );
}
