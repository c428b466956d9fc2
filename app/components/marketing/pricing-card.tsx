import { Check } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useWords } from "~/lib/page-lang";
import { cn } from "~/lib/utils";

/** A pricing plan (spec part 3, section 3). `cta.href` absent means a button with no target (spec: 'Start with Starter', ...). */
export type PricingPlan = {
  name: string;
  price: string;
  priceSuffix?: string;
  description: string;
  features: readonly string[];
  isPopular?: boolean;
  /** A plan shown alone: highlighted with a filled button, without the 'Most popular' badge. */
  featured?: boolean;
  cta: { label: string; href?: string; external?: boolean };
  /** Small print under the button (offer rule, VAT). */
  note?: React.ReactNode;
};

const WORDS = {
  en: { popular: "Most popular", newTab: " (opens in a new tab)" },
  fr: { popular: "Le plus choisi", newTab: " (s'ouvre dans un nouvel onglet)" },
};

export function PricingCard({ plan, className }: { plan: PricingPlan; className?: string }) {
  const words = useWords(WORDS);
  const titleId = `plan-${plan.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "relative flex flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8",
        (plan.isPopular || plan.featured) && "border-primary shadow-lg ring-1 ring-primary",
        className,
      )}
    >
      {plan.isPopular ? <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">{words.popular}</Badge> : null}
      <h3 id={titleId} className="text-lg font-semibold">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight">{plan.price}</span>
        {plan.priceSuffix ? <span className="text-sm text-muted-foreground">{plan.priceSuffix}</span> : null}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <PlanButton cta={plan.cta} popular={plan.isPopular || plan.featured} />
      {plan.note ? <p className="mt-3 text-center text-xs text-muted-foreground">{plan.note}</p> : null}
    </article>
  );
}

function PlanButton({ cta, popular }: { cta: PricingPlan["cta"]; popular?: boolean }) {
  const words = useWords(WORDS);
  const variant = popular ? "default" : "outline";
  const className = "mt-8 w-full";
  if (!cta.href) {
    return (
      <Button type="button" size="lg" variant={variant} className={className}>
        {cta.label}
      </Button>
    );
  }
  if (cta.external) {
    return (
      <Button asChild size="lg" variant={variant} className={className}>
        <a href={cta.href} target="_blank" rel="noopener noreferrer">
          {cta.label}
          <span className="sr-only">{words.newTab}</span>
        </a>
      </Button>
    );
  }
  return (
    <Button asChild size="lg" variant={variant} className={className}>
      <Link to={cta.href}>{cta.label}</Link>
    </Button>
  );
}
