import { cn } from "~/lib/utils";

/**
 * A link to a section of the same page ('#how', '#pricing'). Without JavaScript the browser jumps to the
 * anchor; once hydrated it scrolls smoothly (unless the visitor prefers reduced motion) and moves the
 * keyboard focus to the section, without adding a history entry.
 */
export function ScrollLink({ href, className, onClick, children, ...props }: React.ComponentProps<"a"> & { href: `#${string}` }) {
  return (
    <a
      href={href}
      className={cn(className)}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const target = document.getElementById(href.slice(1));
        if (!target) return;
        event.preventDefault();
        const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
      }}
      {...props}
    >
      {children}
    </a>
  );
}
