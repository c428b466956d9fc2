import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { ScrollLink } from "~/components/marketing/variants/scroll-link";
import { Button } from "~/components/ui/button";
import type { CtaLink } from "~/components/marketing/variants/types";

type ButtonProps = React.ComponentProps<typeof Button>;

/**
 * A call-to-action link drawn as a button: an in-page anchor scrolls, an external link (the card-payment
 * page) opens in a new tab, anything else is a router link (mailto: links stay plain links).
 */
export function CtaButton({
  cta,
  variant,
  size = "lg",
  className,
  arrow = false,
  newTabLabel = "opens in a new tab",
}: {
  cta: CtaLink;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
  arrow?: boolean;
  /** Screen-reader hint for links that open a new tab (translated on the French page). */
  newTabLabel?: string;
}) {
  const content = (
    <>
      {cta.label}
      {arrow ? <ArrowRight aria-hidden="true" /> : null}
    </>
  );
  if (cta.href.startsWith("#")) {
    return (
      <Button asChild variant={variant} size={size} className={className}>
        <ScrollLink href={cta.href as `#${string}`}>{content}</ScrollLink>
      </Button>
    );
  }
  if (cta.external) {
    return (
      <Button asChild variant={variant} size={size} className={className}>
        <a href={cta.href} target="_blank" rel="noopener noreferrer">
          {content}
          <span className="sr-only"> ({newTabLabel})</span>
        </a>
      </Button>
    );
  }
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <Link to={cta.href}>{content}</Link>
    </Button>
  );
}
