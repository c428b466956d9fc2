import * as React from "react";
import { Loader2Icon } from "lucide-react";

import { cn } from "~/lib/utils";

/**
 * Loading indicator. Without `label` it is purely decorative (aria-hidden) and `className`
 * styles the icon. With `label`, it renders `role="status"` with the label as visible text
 * next to the icon, and `className` styles that wrapper.
 */
function Spinner({ className, label }: Pick<React.ComponentProps<"span">, "className"> & { label?: string }) {
  if (!label) {
    return <Loader2Icon data-slot="spinner" aria-hidden="true" className={cn("size-4 shrink-0 animate-spin", className)} />;
  }

  return (
    <span data-slot="spinner" role="status" className={cn("inline-flex items-center gap-2 text-sm", className)}>
      <Loader2Icon aria-hidden="true" className="size-4 shrink-0 animate-spin" />
      <span>{label}</span>
    </span>
  );
}

export { Spinner };
