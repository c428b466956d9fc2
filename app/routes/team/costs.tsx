import { Form } from "react-router";
import type { Route } from "./+types/costs";
import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { BRAND_NAME } from "~/lib/constants";
import { formatUsd } from "~/lib/format";
import { WORK_KINDS } from "~/lib/team-work";
import { parseCostPeriod, teamCosts, type CostLine } from "~/models/team-costs.server";
import { requireTeamMember } from "~/services/auth.server";
import { DailyChart } from "./costs/daily-chart";

export const meta: Route.MetaFunction = () => [{ title: `Coûts – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  return teamCosts(member, parseCostPeriod(url.searchParams));
}

const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export default function TeamCostsScreen({ loaderData: costs }: Route.ComponentProps) {
  const figures = [
    { label: "Dépense de la période", value: formatUsd(costs.totalUsd) },
    { label: "Appels aux fournisseurs", value: String(costs.calls) },
    { label: "Articles terminés", value: String(costs.articlesFinished) },
    {
      label: "Coût par article terminé",
      value: costs.costPerArticle === null ? "—" : formatUsd(costs.costPerArticle),
      detail: "toute la dépense de la période ÷ articles terminés",
    },
  ];
  const kindLabel = (kind: string) => (WORK_KINDS as Record<string, string>)[kind] ?? kind;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Coûts</h1>
        <p className="text-muted-foreground">
          Ce que les fournisseurs ont facturé, appel par appel, essais échoués compris : par jour, par site, par modèle et par type de
          travail. Jours en temps universel.
        </p>
      </div>

      <Form
        key={`${costs.period.from}|${costs.period.to}`}
        method="get"
        className="flex flex-wrap items-end gap-4 rounded-lg border p-4"
        aria-label="Période"
      >
        <div className="grid gap-2">
          <Label htmlFor="costs-from">Du</Label>
          <Input id="costs-from" name="from" type="date" defaultValue={costs.period.from} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="costs-to">Au</Label>
          <Input id="costs-to" name="to" type="date" defaultValue={costs.period.to} />
        </div>
        <Button type="submit">Afficher</Button>
      </Form>

      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <li key={figure.label}>
            <Card className="h-full">
              <CardHeader>
                <CardDescription>{figure.label}</CardDescription>
                <CardTitle className="text-2xl tabular-nums">{figure.value}</CardTitle>
                {figure.detail ? <p className="text-xs text-muted-foreground">{figure.detail}</p> : null}
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>

      <section aria-labelledby="daily-title" className="grid gap-3">
        <h2 id="daily-title" className="text-lg font-semibold">
          Par jour, du {frenchDay(costs.period.from)} au {frenchDay(costs.period.to)}
        </h2>
        {costs.calls ? (
          <DailyChart days={costs.byDay} />
        ) : (
          <p className="text-sm text-muted-foreground">Aucune dépense sur cette période.</p>
        )}
        {costs.calls ? (
          <details className="rounded-lg border px-4 py-2 text-sm">
            <summary className="cursor-pointer py-1">Les chiffres par jour</summary>
            <table className="mt-2 w-full max-w-sm text-left">
              <caption className="sr-only">Dépense par jour</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 font-medium">
                    Jour
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Dépense
                  </th>
                </tr>
              </thead>
              <tbody>
                {costs.byDay.map((d) => (
                  <tr key={d.day} className="border-t">
                    <td className="py-1">{frenchDay(d.day)}</td>
                    <td className="py-1 text-right tabular-nums">{formatUsd(d.costUsd)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        ) : null}
      </section>

      <div className="grid gap-6 xl:grid-cols-3">
        <Breakdown title="Par site" lines={costs.bySite} />
        <Breakdown title="Par modèle" lines={costs.byModel} />
        <Breakdown title="Par type de travail" lines={costs.byKind.map((l) => ({ ...l, label: kindLabel(l.key) }))} />
      </div>
    </div>
  );
}

function Breakdown({ title, lines }: { title: string; lines: CostLine[] }) {
  const total = lines.reduce((sum, line) => sum + line.costUsd, 0);
  return (
    <section className="grid content-start gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {lines.length ? (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Dépense {title.toLowerCase()}</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {title.replace("Par ", "").replace(/^./, (c) => c.toUpperCase())}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Appels
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Dépense
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.slice(0, 20).map((line) => (
                <tr key={line.key} className="border-t">
                  <td className="max-w-56 px-3 py-2 [overflow-wrap:anywhere]">
                    {line.label}
                    <div className="mt-1 h-1.5 rounded bg-muted" aria-hidden="true">
                      <div
                        className="h-1.5 rounded bg-primary"
                        style={{ width: `${total ? Math.max(2, (line.costUsd / total) * 100) : 0}%` }}
                      />
                    </div>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{line.calls}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatUsd(line.costUsd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {lines.length > 20 ? <p className="border-t px-3 py-2 text-xs text-muted-foreground">Et {lines.length - 20} autres.</p> : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Rien sur cette période.</p>
      )}
    </section>
  );
}
