import { Bot, ChevronDown, ChevronRight, Rocket, Search, UserCheck, UserPen, type LucideIcon } from "lucide-react";
import { cn } from "~/lib/utils";

type Actor = "AI" | "Human" | "You";
type FlowStep = { icon: LucideIcon; title: string; actor: Actor; detail: string };

const STEPS: readonly FlowStep[] = [
  { icon: Search, title: "Keyword & SERP research", actor: "Human", detail: "Topics, search results and AI answers studied" },
  { icon: Bot, title: "AI draft", actor: "AI", detail: "A first draft written from our outline" },
  { icon: UserPen, title: "Human expert edit", actor: "Human", detail: "Facts, structure and tone, line by line" },
  { icon: UserCheck, title: "Your review in WordPress", actor: "You", detail: "Approve it or ask for changes" },
  { icon: Rocket, title: "Publish", actor: "You", detail: "Live on your site, ready to rank" },
];

const ACTOR_STYLE: Record<Actor, string> = {
  AI: "bg-secondary text-secondary-foreground",
  Human: "bg-primary/10 text-primary",
  You: "bg-success/10 text-success",
};

/**
 * The hybrid AI-plus-human flow, as an ordered list (its own text equivalent): keyword & SERP research →
 * AI draft → human expert edit → your review in WordPress → publish. In a row on wider screens, a column on phones.
 */
export function FlowDiagram() {
  return (
    <figure aria-labelledby="flow-caption" className="rounded-xl border bg-background p-4 text-foreground">
      <figcaption id="flow-caption" className="mb-4 text-sm font-semibold">
        From research to publication: who does what
      </figcaption>
      <ol className="flex flex-col gap-2 md:flex-row md:items-stretch md:gap-0">
        {STEPS.map(({ icon: Icon, title, actor, detail }, index) => (
          <li key={title} className="flex flex-col items-center md:flex-1 md:flex-row">
            <div className="flex w-full items-center gap-3 rounded-lg border bg-card p-3 md:h-full md:flex-col md:items-center md:gap-2 md:p-2.5 md:text-center">
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="sr-only">Step {index + 1}: </span>
                <span className="block text-sm leading-snug font-semibold">{title}</span>
                <span className="mt-0.5 block text-xs text-muted-foreground">{detail}</span>
                <span className={cn("mt-1.5 inline-block rounded-full px-2 py-0.5 text-xs font-medium", ACTOR_STYLE[actor])}>
                  {actor === "You" ? "You" : actor === "AI" ? "AI" : "Our team"}
                </span>
              </span>
            </div>
            {index < STEPS.length - 1 ? (
              <>
                <ChevronDown className="mt-2 size-4 text-muted-foreground md:hidden" aria-hidden="true" />
                <ChevronRight className="mx-0.5 hidden size-4 shrink-0 text-muted-foreground md:block" aria-hidden="true" />
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </figure>
  );
}
