/**
 * A page's own results (issue 17), on its detail: the site's position on each of the page's keywords with its
 * trend and Google's AI Overview, how often the assistants' newest answers about it name or cite the site (with
 * their number and 95 % range, issue 42), before and after its newest publication, and the prompts the assistants
 * are asked about it (the team writes them). The site's Results tab has the charts.
 */
import { LineChart } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate } from "~/lib/format";
import { PUBLISH_WINDOW_DAYS, type VisibilityTrend } from "~/lib/visibility/figures";
import type { KeywordRanking, PublishEffect } from "~/models/results.server";
import type { PagePrompts } from "~/models/prompts.server";
import { Sparkline } from "../results/sparkline";
import { FiguresTable } from "../results/figures-table";
import { AiOverviewNote, ChangeWords, LivenessBadge, PublishEffectsTable, ShareText } from "../results/visibility-figures";

export function PageResults({
  siteId,
  rankings,
  trends,
  effects,
  prompts,
}: {
  siteId: number;
  rankings: KeywordRanking[];
  trends: VisibilityTrend[];
  effects: PublishEffect[];
  prompts: PagePrompts;
}) {
  const all = trends.find((t) => t.llm === null) ?? null;
  return (
    <Card className="my-6">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1.5">
            <CardTitle>
              <h2 className="flex items-center gap-2">
                <LineChart aria-hidden="true" className="size-5 text-primary" /> Results
              </h2>
            </CardTitle>
            <CardDescription>
              Where this page's keywords rank, and whether the assistants name the site when asked about it.
            </CardDescription>
          </div>
          <Button asChild variant="outline" size="sm">
            <Link to={`/sites/${siteId}/results`}>Site results</Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {rankings.length === 0 ? (
          <p className="text-muted-foreground">No keyword in use on this page yet.</p>
        ) : (
          <FiguresTable caption="Position of the site on this page's keywords" columns={["Keyword", "Position", "Trend"]}>
            {rankings.map((r) => (
              <tr key={r.keywordId} className="border-b align-top">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {r.keyword}
                </th>
                <td className="py-2 pr-3">
                  {r.checks === 0 ? "Not checked yet" : r.position === null ? "Not in the results" : r.position}
                  {r.position !== null && r.firstPosition !== null && r.checks > 1 && r.firstPosition !== r.position ? (
                    <span className="text-muted-foreground"> (was {r.firstPosition})</span>
                  ) : null}
                  <AiOverviewNote line={r.aiOverview} />
                </td>
                <td className="py-2">
                  <Sparkline series={r.series} label={`Trend of “${r.keyword}”`} />
                </td>
              </tr>
            ))}
          </FiguresTable>
        )}
        <div data-testid="page-ai-visibility" className="grid gap-1">
          {all === null ? (
            <p>No assistant has been asked about this page yet.</p>
          ) : (
            <>
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">Week of {formatDate(all.week)}:</span>
                <LivenessBadge liveness={all.liveness} />
              </p>
              <p>
                <ShareText share={all.mentioned} verb="Named in" /> · <ShareText share={all.cited} verb="cited in" />{" "}
                <span className="text-xs">
                  (<ChangeWords change={all.citedChange} since={all.previousWeek} />)
                </span>
              </p>
            </>
          )}
        </div>
        <PublishEffectsTable effects={effects} days={PUBLISH_WINDOW_DAYS} />
        <details className="rounded-md border p-3" data-testid="page-prompts">
          <summary className="cursor-pointer font-medium">
            What the assistants are asked ({prompts.prompts.length} {prompts.prompts.length === 1 ? "prompt" : "prompts"})
          </summary>
          <ol className="mt-2 grid list-decimal gap-1 pl-5">
            {prompts.prompts.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
          <p className="mt-2 text-xs text-muted-foreground">
            {prompts.custom
              ? `Written by the team on ${formatDate(prompts.updatedAt)}.`
              : "Built from the page's name and keywords, in the site's language."}{" "}
            Each is asked of every assistant several times per check. The team adapts them to the questions your readers ask.
          </p>
        </details>
      </CardContent>
    </Card>
  );
}
