import type { LucideIcon } from "lucide-react";
import { useWords } from "~/lib/page-lang";
import { cn } from "~/lib/utils";

/** A process step or a feature card (spec part 3, section 3): icon, title, description. */
export type IconCard = { icon: LucideIcon; title: string; description: string };

/** Numbered steps, in a row on large screens. */
export function ProcessSteps({ steps }: { steps: readonly IconCard[] }) {
  const step = useWords({ en: "Step", fr: "Étape" });
  const colon = useWords({ en: ": ", fr: "\u00a0: " });
  return (
    <ol className={cn("grid gap-6 sm:grid-cols-2", steps.length === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4")}>
      {steps.map(({ icon: Icon, title, description }, index) => (
        <li key={title} className="relative rounded-xl border bg-card p-6 shadow-sm">
          <span className="absolute top-4 right-4 text-sm font-semibold text-muted-foreground" aria-hidden="true">
            {String(index + 1).padStart(2, "0")}
          </span>
          <span className="grid size-11 place-items-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h3 className="mt-4 font-semibold">
            <span className="sr-only">
              {step} {index + 1}
              {colon}
            </span>
            {title}
          </h3>
          <p className="mt-2 text-sm text-muted-foreground">{description}</p>
        </li>
      ))}
    </ol>
  );
}

/** A grid of feature cards. */
export function FeatureGrid({ features, columns = 4 }: { features: readonly IconCard[]; columns?: 3 | 4 }) {
  return (
    <ul className={cn("grid gap-5 sm:grid-cols-2", columns === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3")}>
      {features.map(({ icon: Icon, title, description }) => (
        <li key={title} className="rounded-xl border bg-card p-5 shadow-sm">
          <Icon className="size-6 text-primary" aria-hidden="true" />
          <h3 className="mt-3 font-semibold">{title}</h3>
          <p className="mt-1.5 text-sm text-muted-foreground">{description}</p>
        </li>
      ))}
    </ul>
  );
}
