import { Link } from "react-router";
import { BRAND_TAGLINE } from "~/lib/constants";

export function Logo() {
  return (
    <Link
      to="/"
      className="flex min-w-0 items-center gap-1.5 rounded-md sm:gap-2 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center rounded-lg sm:size-8 bg-primary text-sm font-bold text-primary-foreground">
        S
      </span>
      <span className="text-[13px] font-semibold tracking-tight whitespace-nowrap min-[400px]:text-sm sm:text-base">{BRAND_TAGLINE}</span>
    </Link>
  );
}
