import { cn } from "~/lib/utils";

type SectionProps = {
  /** The in-page anchor (#pricing, #faq, ...). */
  id?: string;
  eyebrow?: string;
  title: React.ReactNode;
  intro?: React.ReactNode;
  tone?: "plain" | "muted" | "brand";
  className?: string;
  children?: React.ReactNode;
};

/** A landing-page section: an anchor, an <h2> heading with an optional eyebrow and intro, then its content. */
export function Section({ id, eyebrow, title, intro, tone = "plain", className, children }: SectionProps) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "scroll-mt-header px-4 py-16 sm:px-6 sm:py-20",
        tone === "muted" && "bg-muted/50",
        tone === "brand" && "bg-primary text-primary-foreground",
        className,
      )}
    >
      <div className="mx-auto max-w-6xl">
        <header className="mx-auto mb-10 max-w-3xl text-center">
          {eyebrow ? (
            <p className={cn("mb-2 text-sm font-semibold tracking-wide uppercase", tone === "brand" ? "opacity-90" : "text-primary")}>
              {eyebrow}
            </p>
          ) : null}
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          {intro ? (
            <p className={cn("mt-4 text-lg text-pretty", tone === "brand" ? "opacity-90" : "text-muted-foreground")}>{intro}</p>
          ) : null}
        </header>
        {children}
      </div>
    </section>
  );
}
