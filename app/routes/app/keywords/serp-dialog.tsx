import { ExternalLink } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { decodeForReading, hostAndPath, isSafeLink, KEYWORD_TEXTS, serpDialogTitle, truncateMetaDescription } from "~/lib/keyword-rules";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import type { SerpRow } from "~/models/keyword.server";
import type { action } from "../keywords";
import type { ScreenKeyword } from "./keywords-table";
import { SerpResearch, type ResearchTab } from "./serp-research";

type Tab = "results" | ResearchTab;

/**
 * The SERP results of one keyword (French, spec part 2, section 2), loaded when the dialog opens; beside them, in
 * tabs, the keyword's research (issue 39): the questions people ask, the featured snippet, the AI Overview and the
 * related searches, then the top 10 as read with what the top pages do. The research loads with the results, on its
 * own (a failure of one leaves the other).
 */
export function SerpDialog({ keyword, onClose }: { keyword: ScreenKeyword | null; onClose: () => void }) {
  const fetcher = useToastFetcher<typeof action>();
  const researchFetcher = useToastFetcher<typeof action>();
  const keywordId = keyword?.keywordId;
  // The tab chosen for the keyword shown: another keyword opens on its results.
  const [chosen, setChosen] = useState<{ keywordId?: number; tab: Tab }>({ tab: "results" });
  const tab = chosen.keywordId === keywordId ? chosen.tab : "results";
  const { submit } = fetcher;
  const { submit: submitResearch } = researchFetcher;

  // Once per opened keyword (React Router keeps `submit` the same function).
  useEffect(() => {
    if (keywordId === undefined) return;
    void submit({ intent: "serps", keywordId: String(keywordId) }, { method: "post" });
    void submitResearch({ intent: "research", keywordId: String(keywordId) }, { method: "post" });
  }, [keywordId, submit, submitResearch]);

  const answer = fetcher.data;
  const loading = fetcher.state !== "idle" || !answer;
  const results: SerpRow[] = answer?.ok && answer.intent === "serps" ? answer.serps : [];
  const failed = !loading && answer && !answer.ok;

  const researchAnswer = researchFetcher.data;
  const research =
    researchFetcher.state !== "idle" || !researchAnswer
      ? ({ state: "loading" } as const)
      : researchAnswer.ok && researchAnswer.intent === "research"
        ? ({ state: "loaded", research: researchAnswer.research } as const)
        : ({ state: "failed", error: "error" in researchAnswer ? researchAnswer.error : null } as const);
  const retry = () => keywordId !== undefined && submitResearch({ intent: "research", keywordId: String(keywordId) }, { method: "post" });

  return (
    <Dialog open={keyword !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2 pr-6">
            <span className="break-words">{serpDialogTitle(keyword?.keyword ?? "")}</span>
            <Badge variant="secondary" aria-label={`${loading ? (keyword?.serpCount ?? 0) : results.length} résultats`}>
              {loading ? (keyword?.serpCount ?? 0) : results.length}
            </Badge>
          </DialogTitle>
          <DialogDescription className="sr-only">
            Les résultats de recherche Google enregistrés pour ce mot-clé, et leur analyse : questions posées, aperçu IA et pages en tête.
          </DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={(value) => setChosen({ keywordId, tab: value as Tab })} className="min-w-0 gap-4">
          <TabsList aria-label="Résultats et recherche" className="w-full sm:w-fit">
            <TabsTrigger value="results">Résultats</TabsTrigger>
            <TabsTrigger value="questions">Questions</TabsTrigger>
            <TabsTrigger value="top">Top 10</TabsTrigger>
          </TabsList>
          <TabsContent value="results" className="min-w-0">
            {loading ? (
              <Spinner label="Chargement..." className="py-6 text-muted-foreground" />
            ) : failed ? (
              <p role="alert" className="py-6 text-center text-sm text-destructive">
                {(answer && "toast" in answer ? answer.toast?.title : undefined) ?? KEYWORD_TEXTS.unexpected}
              </p>
            ) : results.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">{KEYWORD_TEXTS.serpEmpty}</p>
            ) : (
              <ol className="grid gap-3" aria-label="Résultats SERP">
                {results.map((serp) => (
                  <SerpResult key={serp.id} serp={serp} />
                ))}
              </ol>
            )}
          </TabsContent>
          {(["questions", "top"] as const).map((part) => (
            <TabsContent key={part} value={part} className="min-w-0">
              <SerpResearch part={part} research={research} onRetry={retry} />
            </TabsContent>
          ))}
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

function SerpResult({ serp }: { serp: SerpRow }) {
  // Addresses are shown decoded ('vélo électrique', not 'v%C3%A9lo%20...'); links keep the real one.
  const readableUrl = serp.url ? decodeForReading(serp.url) : null;
  const title = serp.title || readableUrl || "—";
  return (
    <li className="flex gap-3 rounded-lg border p-3">
      <span
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold tabular-nums"
        aria-label={`Position ${serp.positionAbsolute ?? "?"}`}
      >
        {serp.positionAbsolute ?? "?"}
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="min-w-0 truncate text-xs text-muted-foreground" title={readableUrl ?? undefined}>
            {hostAndPath(serp.url)}
          </p>
          {serp.type ? (
            <Badge variant="outline" className="shrink-0">
              {serp.type}
            </Badge>
          ) : null}
        </div>
        {isSafeLink(serp.url) ? (
          <a
            href={serp.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-start gap-1 font-medium break-words text-primary underline-offset-4 hover:underline"
          >
            {title}
            <ExternalLink className="mt-1 size-3.5 shrink-0" aria-hidden="true" />
          </a>
        ) : (
          <p className="font-medium break-words">{title}</p>
        )}
        {serp.metaDescription ? (
          <p className="text-sm break-words text-muted-foreground">{truncateMetaDescription(serp.metaDescription)}</p>
        ) : null}
      </div>
    </li>
  );
}
