/**
 * A page's own results (issue 17), on its detail: the site's position on each of the page's keywords with its
 * trend, and how many of the assistants' latest answers about it name or cite the site. The site's Results tab
 * has the charts.
 */
import { LineChart } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate } from "~/lib/format";
import type { KeywordRanking, VisibilityPoint } from "~/models/results.server";
import { Sparkline } from "../results/sparkline";
import { FiguresTable } from "../results/figures-table";

export function PageResults({
  siteId,
  rankings,
  visibility,
}: {
  siteId: number;
  rankings: KeywordRanking[];
  visibility: VisibilityPoint[];
}) {
  const lastWeek = visibility.at(-1)?.week ?? null;
  const latest = visibility.filter((p) => p.week === lastWeek);
  const answers = latest.reduce((n, p) => n + p.answers, 0);
  const mentioned = latest.reduce((n, p) => n + p.mentioned, 0);
  const cited = latest.reduce((n, p) => n + p.cited, 0);
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
              <tr key={r.keywordId} className="border-b">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {r.keyword}
                </th>
                <td className="py-2 pr-3">
                  {r.checks === 0 ? "Not checked yet" : r.position === null ? "Not in the results" : r.position}
                  {r.position !== null && r.firstPosition !== null && r.checks > 1 && r.firstPosition !== r.position ? (
                    <span className="text-muted-foreground"> (was {r.firstPosition})</span>
                  ) : null}
                </td>
                <td className="py-2">
                  <Sparkline series={r.series} label={`Trend of “${r.keyword}”`} />
                </td>
              </tr>
            ))}
          </FiguresTable>
        )}
        <p data-testid="page-ai-visibility">
          {answers === 0
            ? "No assistant has been asked about this page yet."
            : `Latest answers (week of ${formatDate(lastWeek)}): ${mentioned} of ${answers} name the site, ${cited} cite one of its URLs.`}
        </p>
      </CardContent>
    </Card>
  );
}
