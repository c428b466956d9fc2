import { Link } from "react-router";
import { BRAND_TAGLINE } from "~/lib/constants";

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      aria-label={`${BRAND_TAGLINE} – accueil`}
    >
      <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-primary text-sm font-bold text-primary-foreground">
        S
      </span>
      <span className="text-sm font-semibold tracking-tight whitespace-nowrap sm:text-base">{BRAND_TAGLINE}</span>
    </Link>
  );
}
