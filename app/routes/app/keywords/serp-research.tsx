import { CalendarClock, RefreshCw, SearchX } from "lucide-react";
import { ModelSummary, TopPagesList } from "~/components/research/top-pages";
import { SerpFeaturesView } from "~/components/research/serp-features";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "~/lib/format";
import { RESEARCH_TEXTS } from "~/lib/research-texts";
import type { KeywordResearch } from "~/lib/research-view";

/** The research tabs of the SERP dialog: what the search returned besides its results, and the top pages as read. */
export type ResearchTab = "questions" | "top";

export type ResearchState =
  { state: "loading" } | { state: "loaded"; research: KeywordResearch } | { state: "failed"; error: string | null };

const t = RESEARCH_TEXTS.fr;

/** One research tab of the SERP dialog (French, like the dialog): its loading, failure and empty states included. */
export function SerpResearch({ part, research, onRetry }: { part: ResearchTab; research: ResearchState; onRetry: () => void }) {
  if (research.state === "loading") return <Spinner label={t.loading} className="py-6 text-muted-foreground" />;
  if (research.state === "failed") {
    return (
      <div role="alert" className="grid justify-items-center gap-3 py-6 text-center text-sm">
        <p className="text-destructive">{research.error ?? t.loadFailed}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" /> {t.retry}
        </Button>
      </div>
    );
  }
  const check = research.research.check;
  if (!check) return <Notice icon="empty">{t.empty}</Notice>;
  const checked = formatDateTime(check.checkedAt);
  return (
    <div className="grid gap-4">
      <p className="text-xs text-muted-foreground">{t.researchOf(checked)}</p>
      {part === "questions" ? (
        check.features ? (
          <SerpFeaturesView features={check.features} lang="fr" />
        ) : (
          <Notice icon="old">{t.oldCheck(checked)}</Notice>
        )
      ) : (
        <>
          <section aria-labelledby="serp-research-model" className="grid gap-2">
            <h3 id="serp-research-model" className="text-sm font-semibold">
              {t.model}
            </h3>
            {check.model ? (
              <ModelSummary model={check.model} lang="fr" />
            ) : (
              <p className="text-sm text-muted-foreground">{t.modelPending}</p>
            )}
          </section>
          <section aria-labelledby="serp-research-top" className="grid gap-2">
            <h3 id="serp-research-top" className="text-sm font-semibold">
              {t.topPages}
            </h3>
            <TopPagesList top={check.top} lang="fr" />
          </section>
        </>
      )}
    </div>
  );
}

function Notice({ icon, children }: { icon: "empty" | "old"; children: React.ReactNode }) {
  const Icon = icon === "empty" ? SearchX : CalendarClock;
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
