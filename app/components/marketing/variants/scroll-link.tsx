import { cn } from "~/lib/utils";

/**
 * A link to a section of the same page ('#how', '#pricing'): the browser goes to the anchor, smoothly unless
 * the visitor prefers reduced motion (app.css), and the next Tab starts from the section. No script: the
 * landing pages are static (lib/static-page.ts).
 */
export function ScrollLink({ href, className, children, ...props }: React.ComponentProps<"a"> & { href: `#${string}` }) {
  return (
    <a href={href} className={cn(className)} {...props}>
      {children}
    </a>
  );
}
