import { cn } from "~/lib/utils";

/** The browser's own select, styled as the inputs: for filters and short choices that need no script. */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
