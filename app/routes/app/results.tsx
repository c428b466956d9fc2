/**
 * /sites/:siteId/results (issue 17): what the articles were written for, over time. For every keyword in use, the
 * site's position in the search results, its best URL and whether it is the page that targets the keyword, with
 * its trend (a small line, a chart when opened), the pages that compete for it and Google's AI Overview; for each AI
 * assistant and for all together, the share of answers that name the site and that cite it, each with its number of
 * answers and 95 % range, whether the answers are live (web search) or from memory, and whether each share moved
 * clearly since the week before (issue 42); before and after each page's publication; the domains named most often
 * beside the site. The charts draw a share inside its range and mark the days a version was approved or published. The checks run by themselves (the site's schedule) and on
 * 'Check now'. Intents: schedule (frequency) | check-now.
 */
import { AlertTriangle, ArrowDown, ArrowUp, BarChart3, FileText, LineChart as LineChartIcon, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/results";
import { PageHeader } from "~/components/page-header";
import { RouteErrorBoundary } from "~/components/route-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { BRAND_NAME } from "~/lib/constants";
import { cannibalised } from "~/lib/results-rules";
import { formatDateTime, formatUsd } from "~/lib/format";
import { NotFoundError, parseId, SITE_NOT_FOUND } from "~/lib/not-found";
import { errorToast, successToast } from "~/lib/toast";
import { usePollWhile } from "~/lib/use-poll";
import { cn } from "~/lib/utils";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { requireActor, requireOwnedSite } from "~/models/access.server";
import {
  aiVisibility,
  checkSiteNow,
  checksUnderWay,
  getCheckSchedule,
  InvalidFrequencyError,
  keywordRankings,
  publishEffects,
  resultMarks,
  saveCheckFrequency,
  shareOfVoice,
  type KeywordRanking,
} from "~/models/results.server";
import { PUBLISH_WINDOW_DAYS, shareWithInterval, shownShare, visibilityTrends } from "~/lib/visibility/figures";
import type { SessionUser } from "~/services/auth.server";
import { intentOf, reply, runIntent } from "~/services/route-action.server";
import { RankingChart, ShareChart, type ChartMark } from "./results/results-charts";
import { Sparkline } from "./results/sparkline";
import { modelsOf, shareSeries, VisibilityTable } from "./results/visibility";
import { AiOverviewNote, aiOverviewWords, PublishEffectsTable, TrendsTable } from "./results/visibility-figures";
import { FiguresTable } from "./results/figures-table";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Results – ${loaderData?.site.name ?? "Site"} – ${BRAND_NAME}` }];

export const ErrorBoundary = RouteErrorBoundary;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const site = await requireOwnedSite(user, params.siteId, request);
  const [rankings, visibility, voice, marks, effects, schedule, underWay] = await Promise.all([
    keywordRankings(user, site.id),
    aiVisibility(user, site.id),
    shareOfVoice(user, site.id),
    resultMarks(user, site.id),
    publishEffects(user, site.id),
    getCheckSchedule(user, site.id),
    checksUnderWay(user, site.id),
  ]);
  return { site, rankings, visibility, trends: visibilityTrends(visibility), voice, marks, effects, schedule, underWay };
}

type Ctx = { request: Request; form: FormData; user: SessionUser; siteId: string | undefined };

const INTENTS = {
  schedule: async ({ user, form, siteId }: Ctx) => {
    const frequency = String(form.get("frequency") ?? "");
    await saveCheckFrequency(user, parseId(siteId, "site"), frequency);
    return reply({ ok: true, intent: "schedule", toast: successToast("Schedule saved", FREQUENCY_TEXTS[frequency as Frequency]?.saved) });
  },
  "check-now": async ({ user, siteId }: Ctx) => {
    const queued = await checkSiteNow(user, parseId(siteId, "site"));
    if (queued === 0) {
      return reply({
        ok: false,
        intent: "check-now",
        toast: errorToast("Add keywords to the site's pages first: there is nothing to check.", "No check queued"),
      });
    }
    return reply({
      ok: true,
      intent: "check-now",
      toast: successToast(
        "Checks queued",
        `${queued} ${queued === 1 ? "check runs" : "checks run"} in the background; the results appear here.`,
      ),
    });
  },
};

function failed(error: unknown, intent: keyof typeof INTENTS) {
  if (error instanceof InvalidFrequencyError)
    return reply({ ok: false, intent, toast: errorToast("Choose off, weekly or monthly.", "Schedule not saved") });
  if (error instanceof NotFoundError) return reply({ ok: false, intent, toast: errorToast(SITE_NOT_FOUND.message) }, 404);
  return reply({ ok: false, intent, toast: errorToast("Something went wrong. Try again.") }, 500);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireActor(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, intent: null, toast: errorToast("Unknown action.") });
  return runIntent(INTENTS, intent, { request, form, user, siteId: params.siteId }, { failed, expected: [InvalidFrequencyError] });
}

type Frequency = "off" | "weekly" | "monthly";
const FREQUENCY_TEXTS: Record<Frequency, { label: string; saved: string }> = {
  weekly: { label: "Every week", saved: "The checks run every week." },
  monthly: { label: "Every month", saved: "The checks run every month." },
  off: { label: "Off", saved: "The checks run only when you ask." },
};

type LoaderData = Route.ComponentProps["loaderData"];

export default function Results({ loaderData }: Route.ComponentProps) {
  const { site, rankings, visibility, trends, voice, marks, effects, schedule, underWay } = loaderData;
  usePollWhile(underWay > 0);
  const chartMarks: ChartMark[] = marks.map((m) => ({ at: m.at, kind: m.kind, pageName: m.pageName }));
  return (
    <div className="mx-auto max-w-6xl">
      <Link to={`/sites/${site.id}`} className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        ← {site.name}
      </Link>
      <PageHeader
        title="Results"
        description="Where the site ranks on its keywords and how often AI assistants name or cite it, check after check."
        actions={
          <Button asChild variant="outline">
            <Link to={`/sites/${site.id}/results/report`}>
              <FileText aria-hidden="true" /> Monthly report
            </Link>
          </Button>
        }
      />
      <ScheduleCard schedule={schedule} underWay={underWay} />
      <RankingSection rankings={rankings} marks={chartMarks} />
      <VisibilitySection
        visibility={visibility}
        trends={trends}
        effects={effects}
        voice={voice}
        marks={chartMarks}
        siteName={site.name}
      />
    </div>
  );
}

function ScheduleCard({ schedule, underWay }: { schedule: LoaderData["schedule"]; underWay: number }) {
  const saving = useToastFetcher<typeof action>();
  const checking = useToastFetcher<typeof action>();
  return (
    <Card className="mb-6 min-w-0">
      <CardContent className="flex flex-wrap items-end justify-between gap-4">
        <saving.Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="schedule" />
          <div className="grid gap-1.5">
            <label htmlFor="results-frequency" className="text-sm font-medium">
              Automatic checks
            </label>
            <select
              id="results-frequency"
              name="frequency"
              defaultValue={schedule.frequency}
              className="h-9 rounded-md border border-input bg-transparent px-3 text-sm"
              aria-describedby="results-frequency-hint"
            >
              {(Object.keys(FREQUENCY_TEXTS) as Frequency[]).map((f) => (
                <option key={f} value={f}>
                  {FREQUENCY_TEXTS[f].label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline" disabled={saving.state !== "idle"}>
            Save
          </Button>
          <p id="results-frequency-hint" className="w-full text-xs text-muted-foreground">
            {schedule.lastPeriod ? `Last scheduled checks: ${formatDateTime(schedule.lastPeriod.claimedAt)}.` : "No scheduled check yet."}{" "}
            {schedule.capUsd !== null
              ? `This month: ${formatUsd(schedule.spentUsd ?? 0)} of the ${formatUsd(schedule.capUsd)} cap (set on the console's page of the site).`
              : null}
            {schedule.lastPeriod?.status === "capped" ? " The month's cap is reached: the team has been told." : null}
          </p>
        </saving.Form>
        <checking.Form method="post" className="flex items-center gap-3">
          <input type="hidden" name="intent" value="check-now" />
          {underWay > 0 ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> {underWay} {underWay === 1 ? "check" : "checks"} under way
            </p>
          ) : null}
          <Button type="submit" disabled={checking.state !== "idle"}>
            <RefreshCw aria-hidden="true" /> Check now
          </Button>
        </checking.Form>
      </CardContent>
    </Card>
  );
}

/** The change since the first check, in words and an arrow (a smaller position is better). */
function Movement({ ranking }: { ranking: KeywordRanking }) {
  const { position, firstPosition, checks } = ranking;
  if (checks < 2 || position === null || firstPosition === null || position === firstPosition) return null;
  const up = position < firstPosition;
  const Icon = up ? ArrowUp : ArrowDown;
  return (
    <span className={`inline-flex items-center gap-0.5 text-xs font-medium ${up ? "text-green-700" : "text-red-700"}`}>
      <Icon aria-hidden="true" className="size-3" />
      {up ? `up ${firstPosition - position}` : `down ${position - firstPosition}`}
      <span className="sr-only"> since the first check (was {firstPosition})</span>
    </span>
  );
}

function RankingSection({ rankings, marks }: { rankings: KeywordRanking[]; marks: ChartMark[] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Card className="mb-6 min-w-0">
      <CardHeader>
        <CardTitle className="text-lg">
          <h2 className="flex items-center gap-2">
            <LineChartIcon aria-hidden="true" className="size-5 text-primary" /> Search ranking
          </h2>
        </CardTitle>
        <CardDescription>
          The site's best position for each keyword in use, at the newest check, and its trend since the first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rankings.length === 0 ? (
          <p className="text-sm text-muted-foreground">No keyword in use yet: add keywords to the site's pages, then check.</p>
        ) : (
          // Narrower than its columns (a phone, a narrow window beside the side panel), each keyword is a card
          // of its own: every column's content is shown, none hidden in a sideways scroller.
          <div className="@container min-w-0">
            <FiguresTable
              caption="Search ranking"
              columns={[
                "Keyword",
                "Position",
                "Best URL",
                "Trend",
                <span key="chart" className="sr-only">
                  Chart
                </span>,
              ]}
              className="@2xl:min-w-[40rem] @max-2xl:block @max-2xl:[&>tbody]:block @max-2xl:[&>thead]:sr-only"
            >
              {rankings.map((r) => (
                <RankingRow
                  key={r.keywordId}
                  ranking={r}
                  marks={marks}
                  open={open === r.keywordId}
                  onToggle={() => setOpen(open === r.keywordId ? null : r.keywordId)}
                />
              ))}
            </FiguresTable>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function RankingRow({
  ranking,
  marks,
  open,
  onToggle,
}: {
  ranking: KeywordRanking;
  marks: ChartMark[];
  open: boolean;
  onToggle: () => void;
}) {
  const competing = cannibalised(ranking);
  const panelId = `ranking-chart-${ranking.keywordId}`;
  return (
    <>
      <tr className="border-b align-top @max-2xl:grid @max-2xl:grid-cols-[minmax(0,1fr)_auto] @max-2xl:gap-x-3 @max-2xl:gap-y-2 @max-2xl:py-3">
        <th scope="row" className="py-3 pr-3 text-left font-medium @max-2xl:self-center @max-2xl:p-0">
          {ranking.keyword}
          {competing ? (
            <Badge variant="outline" className="ml-2 border-amber-600 text-amber-800" title={ranking.competingUrls.join("\n")}>
              <AlertTriangle aria-hidden="true" className="size-3" /> Pages compete
            </Badge>
          ) : null}
        </th>
        <td data-label="Position" className={cn("py-3 pr-3 whitespace-nowrap", STACKED_CELL)}>
          {ranking.checks === 0 ? (
            <span className="text-muted-foreground">Not checked yet</span>
          ) : ranking.position === null ? (
            <span className="text-muted-foreground">Not in the results</span>
          ) : (
            <span className="font-semibold">{ranking.position}</span>
          )}{" "}
          <Movement ranking={ranking} />
          <AiOverviewNote line={ranking.aiOverview} className="mt-1 whitespace-normal" />
        </td>
        <td data-label="Best URL" className={cn("max-w-xs py-3 pr-3 @max-2xl:max-w-none", STACKED_CELL)}>
          {ranking.url ? (
            <>
              <a href={ranking.url} target="_blank" rel="noopener noreferrer" className="break-all text-primary hover:underline">
                {ranking.url.replace(/^https?:\/\//, "")}
              </a>
              {ranking.isTarget === false ? <p className="text-xs text-amber-800">Not the page that targets this keyword</p> : null}
            </>
          ) : (
            <span className="text-muted-foreground">—</span>
          )}
        </td>
        <td data-label="Trend" className={cn("py-3 pr-3 @max-2xl:flex @max-2xl:items-center", STACKED_CELL)}>
          <Sparkline series={ranking.series} label={`Trend of “${ranking.keyword}”`} />
        </td>
        <td className="py-3 text-right @max-2xl:col-start-2 @max-2xl:row-start-1 @max-2xl:p-0">
          {ranking.checks > 0 ? (
            <Button variant="ghost" size="sm" onClick={onToggle} aria-expanded={open} aria-controls={panelId}>
              <BarChart3 aria-hidden="true" /> {open ? "Hide" : "Chart"}
              <span className="sr-only"> of “{ranking.keyword}”</span>
            </Button>
          ) : null}
        </td>
      </tr>
      {open ? (
        <tr id={panelId} className="@max-2xl:block">
          <td colSpan={5} className="border-b pb-4 @max-2xl:block">
            <RankingChart keyword={ranking.keyword} series={ranking.series} marks={marks} />
            {competing ? (
              <p className="mt-2 text-sm">
                Pages of the site that compete for this keyword:{" "}
                {[...ranking.competingUrls, ...ranking.targetingPages.map((p) => p.name)].join(", ")}.
              </p>
            ) : null}
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer text-muted-foreground">The figures</summary>
              <FiguresTable
                caption={<>Position of “{ranking.keyword}” at each check</>}
                columns={["Checked", "Position", "AI Overview"]}
                className="mt-2 w-auto"
              >
                {ranking.series.map((p) => (
                  <tr key={p.at}>
                    <td className="pr-4">{formatDateTime(p.at)}</td>
                    <td className="pr-4">{p.position ?? "not in the results"}</td>
                    <td>{aiOverviewWords(p.aiOverview)}</td>
                  </tr>
                ))}
              </FiguresTable>
            </details>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/**
 * A cell of a ranking's row laid out as a card (the table narrower than its columns): on a line of its own, after
 * its column's name (which the table's header row, kept for screen readers, says otherwise).
 */
const STACKED_CELL =
  "@max-2xl:col-span-2 @max-2xl:p-0 @max-2xl:before:mr-2 @max-2xl:before:text-xs @max-2xl:before:text-muted-foreground @max-2xl:before:content-[attr(data-label)]";

/** The two charts of AI visibility: the share of the answers that name the site, and that cite it. */
const SHARE_CHARTS = [
  { id: "share-mentioned", heading: "Answers that name the site", label: "Share of answers that name the site", key: "mentioned" },
  { id: "share-cited", heading: "Answers that cite one of its URLs", label: "Share of answers that cite the site", key: "cited" },
] as const;

function VisibilitySection({
  visibility,
  trends,
  effects,
  voice,
  marks,
  siteName,
}: {
  visibility: LoaderData["visibility"];
  trends: LoaderData["trends"];
  effects: LoaderData["effects"];
  voice: LoaderData["voice"];
  marks: ChartMark[];
  siteName: string;
}) {
  const models = modelsOf(visibility);
  const [model, setModel] = useState<string>("");
  const shown = model && models.includes(model) ? model : null;
  const series = shareSeries(visibility, shown);
  return (
    <Card className="mb-6 min-w-0">
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>AI visibility</h2>
        </CardTitle>
        <CardDescription>
          How often the assistants' answers about the site's pages name {siteName}, and cite one of its URLs. Each prompt is
          asked several times, since assistants answer differently from one asking to the next.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 grid-cols-1 gap-6">
        {visibility.length === 0 ? (
          <p className="text-sm text-muted-foreground">No answer checked yet: ask the LLMs on a page, or wait for the scheduled checks.</p>
        ) : (
          <>
            <TrendsTable trends={trends} />
            <div className="grid gap-2">
              <label htmlFor="visibility-model" className="text-sm font-medium">
                Charts of
              </label>
              <select
                id="visibility-model"
                value={shown ?? ""}
                onChange={(e) => setModel(e.target.value)}
                className="h-9 w-full max-w-xs rounded-md border border-input bg-transparent px-3 text-sm"
              >
                <option value="">All assistants</option>
                {models.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              {SHARE_CHARTS.map(({ id, heading, label, key }) => (
                <section key={id} aria-labelledby={id} className="grid min-w-0 gap-2">
                  <h3 id={id} className="text-sm font-medium">
                    {heading}
                    <span className="font-normal text-muted-foreground"> · {shown ?? "All assistants"}</span>
                  </h3>
                  <ShareChart label={`${label} (${shown ?? "all assistants"})`} series={series[key]} marks={marks} />
                </section>
              ))}
            </div>
            <VisibilityTable visibility={visibility} />
          </>
        )}
        {effects.length ? (
          <section aria-labelledby="publish-effects" className="grid min-w-0 gap-2">
            <h3 id="publish-effects" className="text-sm font-medium">
              Before and after publishing
            </h3>
            <PublishEffectsTable effects={effects} days={PUBLISH_WINDOW_DAYS} />
          </section>
        ) : null}
        <section aria-labelledby="share-of-voice" className="grid min-w-0 gap-2">
          <h3 id="share-of-voice" className="text-sm font-medium">
            Share of voice
          </h3>
          {voice.total === 0 ? (
            <p className="text-sm text-muted-foreground">
              The domains the assistants name beside the site appear here once answers are checked.
            </p>
          ) : (
            <div className="relative min-w-0 overflow-x-auto">
              <FiguresTable
                caption={<>Domains named or cited in the assistants' answers, out of {voice.total}</>}
                columns={["Domain", "Answers", "Share (95% range)"]}
                className="max-w-xl"
              >
                {voice.domains.map((d) => (
                  <tr key={`${d.isSite}-${d.domain}`} className={`border-b ${d.isSite ? "font-semibold" : ""}`}>
                    <th scope="row" className="py-2 pr-3 text-left font-normal [overflow-wrap:anywhere]">
                      {d.domain} {d.isSite ? <Badge>Your site</Badge> : null}
                    </th>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {d.answers} of {voice.total}
                    </td>
                    <td className="py-2 whitespace-nowrap">
                      <span className="inline-flex items-center gap-2">
                        <span
                          aria-hidden="true"
                          className="inline-block h-2 rounded bg-primary"
                          style={{ width: `${Math.max(2, Math.round(d.share * 64))}px` }}
                        />
                        {shareWithInterval(shownShare(d.answers, voice.total))}
                      </span>
                    </td>
                  </tr>
                ))}
              </FiguresTable>
            </div>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
