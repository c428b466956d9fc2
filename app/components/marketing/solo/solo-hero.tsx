import { CheckCircle2 } from "lucide-react";
import { EXPERT } from "~/components/marketing/solo/expert";

type SoloHeroProps = {
  eyebrow: string;
  headline: string;
  lead: string;
  highlights: readonly string[];
  /** The hero's buttons. */
  children: React.ReactNode;
  /** The illustrated portrait beside the text (Home4 and its variants). */
  withPortrait?: boolean;
};

/**
 * The first screen of a solo page: the page's only <h1>, a first-person lead, the buttons and the
 * portrait. The portrait is in the first screen, so it loads eagerly and with high priority.
 */
export function SoloHero({ eyebrow, headline, lead, highlights, children, withPortrait = true }: SoloHeroProps) {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-primary/5 to-background px-4 pt-10 pb-14 sm:px-6 sm:pt-16 sm:pb-20"
    >
      <div
        className={
          withPortrait
            ? "mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-[minmax(0,1.25fr)_minmax(0,0.75fr)] lg:gap-16"
            : "mx-auto max-w-3xl text-center"
        }
      >
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {headline}
          </h1>
          <p className="mt-5 text-lg text-pretty text-muted-foreground sm:text-xl">{lead}</p>
          <div className={withPortrait ? "mt-8 flex flex-wrap gap-3" : "mt-8 flex flex-wrap justify-center gap-3"}>{children}</div>
          <ul
            className={
              withPortrait
                ? "mt-8 grid gap-2.5 text-sm sm:text-base"
                : "mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2.5 text-sm sm:text-base"
            }
          >
            {highlights.map((item) => (
              <li key={item} className="flex items-start gap-2">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
        {withPortrait ? (
          <figure className="mx-auto w-full max-w-[260px] sm:max-w-xs lg:max-w-sm">
            <img
              src={EXPERT.portrait.src}
              width={EXPERT.portrait.width}
              height={EXPERT.portrait.height}
              alt={EXPERT.portraitAlt}
              fetchPriority="high"
              decoding="async"
              className="h-auto w-full rounded-3xl border bg-primary/10 shadow-xl"
            />
            <figcaption className="mt-4 text-center text-sm">
              <span className="block font-semibold">{EXPERT.name}</span>
              <span className="block text-muted-foreground">
                {EXPERT.role}, {EXPERT.city}. I edit every article myself.
              </span>
            </figcaption>
          </figure>
        ) : null}
      </div>
    </section>
  );
}
