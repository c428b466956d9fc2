import { CheckCircle2, FileText, ImageIcon } from "lucide-react";
import { CtaButton } from "~/components/marketing/variants/cta-button";
import type { HeroContent, HeroPreview } from "~/components/marketing/variants/types";

/**
 * The first screen of a landing variant: the page's only <h1>, its promise, two calls to action and an
 * illustration drawn in HTML (no image to download, so nothing delays the first paint or shifts the layout).
 */
export function Hero({ content, newTabLabel }: { content: HeroContent; newTabLabel?: string }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden border-b bg-gradient-to-b from-accent/70 to-background px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:pt-20 lg:pb-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,0.9fr)]">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center rounded-full border border-primary/20 bg-background px-3 py-1 text-sm font-medium text-primary">
            {content.eyebrow}
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-[3.4rem] lg:leading-[1.1]">
            {content.title}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground lg:mx-0">{content.lead}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <CtaButton cta={content.primary} arrow className="h-12 px-6 text-base" newTabLabel={newTabLabel} />
            <CtaButton cta={content.secondary} variant="outline" className="h-12 px-6 text-base" newTabLabel={newTabLabel} />
          </div>
          <ul className="mt-8 flex flex-col items-center gap-x-6 gap-y-2 text-sm font-medium sm:flex-row sm:flex-wrap sm:justify-center lg:justify-start">
            {content.highlights.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
          {content.stats ? (
            <dl aria-label={content.statsLabel} className="mt-10 grid grid-cols-3 gap-3 border-t pt-6 text-left sm:gap-6">
              {content.stats.map((stat) => (
                <div key={stat.label} className="flex flex-col-reverse">
                  <dt className="mt-1 text-xs text-muted-foreground sm:text-sm">{stat.label}</dt>
                  <dd className="text-2xl font-bold tracking-tight text-primary sm:text-3xl">{stat.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
        <ArticlePreview preview={content.preview} />
      </div>
    </section>
  );
}

/** A finished draft as the customer sees it in WordPress: what the service delivers, at a glance. */
function ArticlePreview({ preview }: { preview: HeroPreview }) {
  return (
    <figure className="mx-auto w-full max-w-md lg:max-w-none">
      <figcaption className="sr-only">{preview.caption}</figcaption>
      <div className="overflow-hidden rounded-2xl border bg-card text-left shadow-xl shadow-primary/10">
        <div className="flex items-center gap-2 border-b bg-muted/60 px-4 py-3">
          <span aria-hidden="true" className="flex gap-1.5">
            <span className="size-2.5 rounded-full bg-destructive/60" />
            <span className="size-2.5 rounded-full bg-warning/60" />
            <span className="size-2.5 rounded-full bg-success/60" />
          </span>
          <span className="ml-2 truncate text-xs text-muted-foreground">{preview.site}</span>
          <span className="ml-auto shrink-0 rounded-full bg-success/15 px-2.5 py-0.5 text-xs font-semibold text-success">
            {preview.status}
          </span>
        </div>
        <div className="space-y-4 p-5 sm:p-6">
          <div
            aria-hidden="true"
            className="grid aspect-[1200/630] place-items-center rounded-lg bg-gradient-to-br from-primary/25 via-accent to-primary/10"
          >
            <ImageIcon className="size-8 text-primary/70" />
          </div>
          <p className="text-lg leading-snug font-semibold text-balance">{preview.title}</p>
          <ul className="flex flex-wrap gap-2 text-xs">
            {preview.meta.map((item) => (
              <li
                key={item}
                className="inline-flex items-center gap-1 rounded-md bg-secondary px-2 py-1 font-medium text-secondary-foreground"
              >
                <FileText className="size-3.5" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
          <ol className="space-y-2 border-t pt-4 text-sm">
            {preview.checklist.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ol>
          <p className="rounded-lg bg-accent px-3 py-2 text-xs font-medium text-accent-foreground">{preview.footer}</p>
        </div>
      </div>
    </figure>
  );
}
