import { CheckCircle2, CircleDashed, RotateCcw } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import type { ReviewState } from "~/lib/review-state";
import { cn } from "~/lib/utils";

const STYLES: Record<ReviewState, { className: string; Icon: typeof CheckCircle2 }> = {
  Approved: { className: "border-transparent bg-emerald-600 text-white", Icon: CheckCircle2 },
  "In revision": { className: "border-amber-300 bg-amber-50 text-amber-900", Icon: RotateCcw },
  Draft: { className: "border-transparent bg-secondary text-secondary-foreground", Icon: CircleDashed },
};

/** The review state of a version: Approved (solid), In revision (amber), Draft (secondary). */
export function ReviewStateBadge({ state, className }: { state: ReviewState; className?: string }) {
  const { className: style, Icon } = STYLES[state];
  return (
    <Badge data-testid="review-state" className={cn("px-2.5 py-1 text-sm", style, className)}>
      <Icon aria-hidden="true" className="size-3.5!" />
      {state}
    </Badge>
  );
}
