/**
 * /sites/:siteId/results/report?month=YYYY-MM (issue 17): a site's month on one printable page: its keywords'
 * moves (with a chart of the biggest), the assistants' answers that started citing it, its AI visibility per
 * model, and the articles delivered (with what their AI work cost, for the team). The month's first day e-mails
 * the owner a link to the previous month's. Printing leaves the product's chrome and the month picker out.
 */
import { Printer } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/results-report";
import { RouteErrorBoundary } from "~/components/route-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { BRAND_NAME } from "~/lib/constants";
import { formatDateTime, formatUsd } from "~/lib/format";
import { requireActor, requireOwnedSite } from "~/models/access.server";
import { reportMonth } from "~/lib/results-rules";
import { monthlyReport, reportMonths } from "~/models/results.server";
import { clockNow } from "~/services/clock.server";
import { RankingChart } from "./results/results-charts";
import { FiguresTable } from "./results/figures-table";
import { AiOverviewNote, LivenessBadge, monthVisibility, ShareWithChange } from "./results/visibility-figures";

const NO_MONTH_BEFORE = "No answer the month before";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Report ${loaderData?.report.month ?? ""} – ${loaderData?.report.site.name ?? "Site"} – ${BRAND_NAME}` },
];

export const ErrorBoundary = RouteErrorBoundary;

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const site = await requireOwnedSite(user, params.siteId, request);
  // The months the picker offers: from the site's creation (or its first check) to the current one.
  const months = await reportMonths(user, site.id);
  const asked = url.searchParams.get("month");
  // A month it does not offer (or no month) shows the last complete month, or the current one for a site made this month.
  const lastComplete = reportMonth(clockNow());
  const month = asked && months.includes(asked) ? asked : months.includes(lastComplete) ? lastComplete : months[0]!;
  const report = (await monthlyReport(user, site.id, month))!;
  return { report, months };
}

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

export default function ResultsReport({ loaderData: { report, months } }: Route.ComponentProps) {
  const top = report.movers.find((m) => m.checks > 0 && m.series.length > 1) ?? null;
  const showCost = report.articles.some((a) => a.costUsd !== null);
  return (
    <article className="mx-auto max-w-4xl print:max-w-none">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4" data-print-hide>
        <Link to={`/sites/${report.site.id}/results`} className="text-sm text-muted-foreground hover:text-foreground">
          ← Results
        </Link>
        <div className="flex flex-wrap items-end gap-2">
          <Form method="get" className="flex items-end gap-2">
            <div className="grid gap-1.5">
              <label htmlFor="report-month" className="text-sm font-medium">
                Month
              </label>
              <select
                id="report-month"
                name="month"
                defaultValue={report.month}
                className="h-9 rounded-md border border-input bg-transparent px-3 text-sm"
              >
                {months.map((m) => (
                  <option key={m} value={m}>
                    {monthName(m)}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="outline">
              Show
            </Button>
          </Form>
          <Button type="button" onClick={() => window.print()}>
            <Printer aria-hidden="true" /> Print
          </Button>
        </div>
      </div>

      <header className="mb-8 border-b pb-4">
        <p className="text-sm text-muted-foreground">{BRAND_NAME} · Monthly report</p>
        <h1 className="text-2xl font-semibold tracking-tight">
          {report.site.name} — {monthName(report.month)}
        </h1>
        <p className="text-sm text-muted-foreground">{report.site.url}</p>
      </header>

      <ReportSection id="report-ranking" title="Search ranking">
        {report.movers.length === 0 ? (
          <Nothing>No keyword was checked this month.</Nothing>
        ) : (
          <>
            {top ? (
              <div className="grid gap-1">
                <p className="text-sm font-medium">“{top.keyword}” over the month</p>
                <RankingChart keyword={top.keyword} series={top.series} marks={report.marks} />
              </div>
            ) : null}
            <FiguresTable
              caption="Position of each keyword before and at the end of the month"
              columns={["Keyword", "Before", "End of month", "Move"]}
            >
              {report.movers.map((m) => {
                const move = m.before !== null && m.after !== null ? m.before - m.after : null;
                return (
                  <tr key={m.keyword} className="border-b">
                    <th scope="row" className="py-2 pr-3 text-left font-medium">
                      {m.keyword}
                      <AiOverviewNote line={m.aiOverview} className="font-normal" />
                    </th>
                    <td className="py-2 pr-3">{m.before ?? "not ranked"}</td>
                    <td className="py-2 pr-3 font-semibold">{m.after ?? "not ranked"}</td>
                    <td className="py-2">
                      {move === null
                        ? m.after !== null
                          ? "entered the results"
                          : "—"
                        : move > 0
                          ? `up ${move}`
                          : move < 0
                            ? `down ${-move}`
                            : "same"}
                    </td>
                  </tr>
                );
              })}
            </FiguresTable>
          </>
        )}
      </ReportSection>

      <ReportSection id="report-visibility" title="AI visibility">
        {report.visibility.length === 0 ? (
          <Nothing>No assistant was asked this month.</Nothing>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Each share with its number of answers and its 95% range; under it, whether it moved since the month before: a
              change is called only when it is clear at that level.
            </p>
            <FiguresTable
              caption="Answers of each assistant this month that name or cite the site"
              columns={["Assistant", "Answers from", "Name the site", "Cite it"]}
            >
              {[allAssistants(report.visibility), ...report.visibility].map((v) => {
                const figures = monthVisibility(v);
                return (
                  <tr key={v.llm ?? "all"} className={`border-b align-top ${v.llm === null ? "bg-muted/40" : ""}`}>
                    <th scope="row" className="py-2 pr-3 text-left font-medium">
                      {v.llm ?? "All assistants"}
                    </th>
                    <td className="py-2 pr-3">
                      <LivenessBadge liveness={figures.liveness} />
                    </td>
                    <td className="py-2 pr-3">
                      <ShareWithChange share={figures.mentioned} change={figures.mentionedChange} first={NO_MONTH_BEFORE} />
                    </td>
                    <td className="py-2">
                      <ShareWithChange share={figures.cited} change={figures.citedChange} first={NO_MONTH_BEFORE} />
                    </td>
                  </tr>
                );
              })}
            </FiguresTable>
          </>
        )}
        <h3 className="text-sm font-semibold">New citations</h3>
        {report.newCitations.length === 0 ? (
          <Nothing>No assistant started citing the site this month.</Nothing>
        ) : (
          <ul className="grid gap-1 text-sm">
            {report.newCitations.map((c, i) => (
              <li key={i}>
                <span className="font-medium">{c.llm}</span> cites {c.url ? <span className="break-all">{c.url}</span> : "the site"} about “
                {c.pageName}” ({formatDateTime(c.at)})
              </li>
            ))}
          </ul>
        )}
      </ReportSection>

      <ReportSection id="report-articles" title="Articles delivered">
        {report.articles.length === 0 ? (
          <Nothing>No article was written or approved this month.</Nothing>
        ) : (
          <FiguresTable
            caption="Articles written or approved this month"
            columns={[
              "Article",
              "Versions written",
              "Approved",
              ...(showCost
                ? [
                    <>
                      AI cost <Badge variant="outline">team</Badge>
                    </>,
                  ]
                : []),
            ]}
          >
            {report.articles.map((a) => (
              <tr key={a.pageId} className="border-b">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {a.pageName}
                </th>
                <td className="py-2 pr-3">{a.versions}</td>
                <td className="py-2 pr-3">{a.approved}</td>
                {showCost ? <td className="py-2">{a.costUsd === null ? "—" : formatUsd(a.costUsd)}</td> : null}
              </tr>
            ))}
          </FiguresTable>
        )}
        {report.marks.length ? (
          <ul className="grid gap-1 text-sm text-muted-foreground">
            {report.marks.map((m, i) => (
              <li key={i}>
                {formatDateTime(m.at)}: “{m.pageName}” {m.kind === "published" ? "published" : "approved"}
              </li>
            ))}
          </ul>
        ) : null}
      </ReportSection>
    </article>
  );
}

type MonthLine = Route.ComponentProps["loaderData"]["report"]["visibility"][number];

/** The month's answers of all assistants together (`llm` null), and the month before's. */
function allAssistants(lines: MonthLine[]): Omit<MonthLine, "llm"> & { llm: null } {
  const sum = (pick: (line: MonthLine) => number) => lines.reduce((n, line) => n + pick(line), 0);
  return {
    llm: null,
    answers: sum((l) => l.answers),
    mentioned: sum((l) => l.mentioned),
    cited: sum((l) => l.cited),
    live: sum((l) => l.live),
    previous: {
      answers: sum((l) => l.previous.answers),
      mentioned: sum((l) => l.previous.mentioned),
      cited: sum((l) => l.previous.cited),
    },
  };
}

/** One part of the report, printed without a page break inside when it fits. */
function ReportSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="print-avoid-break mb-8 grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a part of the report says when the month has nothing for it. */
function Nothing({ children }: { children: React.ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}
