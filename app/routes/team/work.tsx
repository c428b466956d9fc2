import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/work";
import { FilterForm, FilterSelect, FilterText } from "~/components/filter-form";
import { ListTotal } from "~/components/list-total";
import { NewerOlderPager } from "~/components/newer-older-pager";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { BRAND_NAME } from "~/lib/constants";
import { listHref } from "~/lib/list-query";
import { formatUsd } from "~/lib/format";
import { teamDateTime } from "~/lib/team-format";
import { WORK_AGES, WORK_KINDS, WORK_PAGE_SIZE, WORK_STATE_FILTERS, WORK_STATES, workDuration, type WorkState } from "~/lib/team-work";
import { errorToast, successToast } from "~/lib/toast";
import { useLoadingHere } from "~/lib/use-loading-here";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { cn } from "~/lib/utils";
import {
  parseWorkQuery,
  teamCancelWork,
  teamListWork,
  teamProviderLines,
  teamRetryWork,
  teamSiteName,
  workIds,
  type ProviderLine,
  type WorkQuery,
  type WorkRow,
} from "~/models/team-work.server";
import { requireTeamMember } from "~/services/auth.server";
import { intentOf, reply } from "~/services/route-action.server";

export const meta: Route.MetaFunction = () => [{ title: `Travaux en file – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const query = parseWorkQuery(url.searchParams);
  const [work, providers, siteName] = await Promise.all([
    teamListWork(member, query),
    teamProviderLines(member),
    query.site ? teamSiteName(member, query.site) : Promise.resolve(null),
  ]);
  return { query, ...work, providers, siteName };
}

const INTENTS = { retry: teamRetryWork, cancel: teamCancelWork };
const DONE_WORDS = {
  retry: ["relancé", "relancés", "pas en échec ni annulé"],
  cancel: ["annulé", "annulés", "déjà commencé ou fini"],
} as const;

export async function action({ request }: Route.ActionArgs) {
  const member = await requireTeamMember(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, toast: errorToast("Action inconnue.", "Erreur") });
  const ids = workIds(form.getAll("ids"));
  if (!ids.length) return reply({ ok: false, toast: errorToast("Cochez au moins une ligne.", "Rien de sélectionné") });
  const { changed, skipped } = await INTENTS[intent](member, ids);
  const [one, many, why] = DONE_WORDS[intent];
  const title = `${changed.length} ${changed.length > 1 ? many : one}`;
  const description = skipped
    ? `${skipped} laissé${skipped > 1 ? "s" : ""} tel${skipped > 1 ? "s" : ""} quel${skipped > 1 ? "s" : ""} (${why}).`
    : undefined;
  return reply({
    ok: changed.length > 0,
    toast: changed.length ? successToast(title, description) : errorToast(description ?? "Rien n'a changé.", title),
  });
}

function workHref(query: WorkQuery, changes: Partial<WorkQuery>): string {
  const next = { ...query, page: 1, ...changes };
  return listHref("/team/work", { state: next.state, kind: next.kind, site: next.site, q: next.q, age: next.age, page: next.page });
}

const STATE_TONES: Record<WorkState, "default" | "secondary" | "destructive" | "outline"> = {
  queued: "secondary",
  running: "secondary",
  waiting: "outline",
  failed: "destructive",
  done: "default",
  cancelled: "outline",
};

/**
 * What a finished writing request wrote, when the team should look: a score below the top pages' median, a version
 * held back (issue 39), broken or unsupported sources (issue 40).
 */
function WrittenFlags({ written }: { written: WorkRow["written"] }) {
  if (!written) return null;
  const below = written.score !== null && written.median !== null && written.score < written.median;
  if (!below && !written.held && !written.sourceProblems) return null;
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {below ? (
        <Link
          to={`/review/${written.id}`}
          className="rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <Badge variant="outline" className="border-amber-600 text-amber-800" data-testid="below-median">
            Score {written.score} sous la médiane ({written.median})
          </Badge>
        </Link>
      ) : null}
      {written.held ? (
        <Badge variant="outline" className="border-amber-600 text-amber-800" data-testid="held-for-team">
          Retenu pour l'équipe
        </Badge>
      ) : null}
      {written.sourceProblems ? (
        <Link
          to={`/review/${written.id}`}
          className="rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <Badge variant="outline" className="border-red-700 text-red-800" data-testid="source-problems">
            {written.sourceProblems} source{written.sourceProblems > 1 ? "s" : ""} à corriger
          </Badge>
        </Link>
      ) : null}
    </div>
  );
}

export default function TeamWork({ loaderData }: Route.ComponentProps) {
  const { query, stuck, items, total, providers, siteName } = loaderData;
  const loading = useLoadingHere();
  const pages = Math.max(1, Math.ceil(total / WORK_PAGE_SIZE));
  const filtered = Boolean(query.state || query.kind || query.site || query.q || query.age);
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Travaux en file</h1>
        <p className="text-muted-foreground">
          Tout ce que le service fait en arrière-plan, chez tous les clients : essais, dernière erreur, durée et coût. Les travaux bloqués
          passent en premier.
        </p>
      </div>

      <Providers providers={providers} />

      <FilterForm
        label="Filtres des travaux"
        view={JSON.stringify([query.state, query.kind, query.q, query.age, query.site])}
        className="sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1.5fr_auto] lg:items-end"
        loading={loading}
        clearTo={filtered ? "/team/work" : null}
      >
        {query.site ? <input type="hidden" name="site" value={query.site} /> : null}
        <FilterSelect id="work-state" name="state" label="État" value={query.state} options={WORK_STATE_FILTERS} all="Tous" />
        <FilterSelect id="work-kind" name="kind" label="Type" value={query.kind} options={WORK_KINDS} all="Tous" />
        <FilterSelect id="work-age" name="age" label="Âge" value={query.age} options={WORK_AGES} all="Tous" />
        <FilterText id="work-q" name="q" label="Site ou page" value={query.q} placeholder="Nom ou adresse" />
      </FilterForm>
      {query.site ? (
        <p className="text-sm">
          Site : <strong>{siteName ?? `#${query.site} (supprimé)`}</strong>.{" "}
          <Link to={workHref(query, { site: undefined })} className="text-primary underline underline-offset-4">
            Tous les sites
          </Link>
        </p>
      ) : null}

      {stuck.length ? (
        <section aria-labelledby="stuck-title" className="grid gap-3">
          <h2 id="stuck-title" className="text-lg font-semibold text-destructive">
            Bloqués ({stuck.length}
            {stuck.length === WORK_PAGE_SIZE ? " et plus" : ""})
          </h2>
          <p className="text-sm text-muted-foreground">
            En cours au-delà de leur bail (aucun worker ne les tient), en attente d'un fournisseur ou en file depuis plus d'une heure.
          </p>
          <WorkTable rows={stuck} caption="Travaux bloqués" formId="stuck-work" />
        </section>
      ) : null}

      <section aria-labelledby="work-title" className="grid gap-3">
        <h2 id="work-title" className="text-lg font-semibold">
          Tous les travaux
        </h2>
        <ListTotal
          total={total}
          shown={items.length}
          page={query.page}
          pages={pages}
          noun={["travail", "travaux"]}
          empty={filtered ? "Aucun travail ne correspond." : "Aucun travail pour l'instant."}
        />
        {items.length ? <WorkTable rows={items} caption="Travaux" formId="all-work" dim={loading} /> : null}
        <NewerOlderPager page={query.page} pages={pages} href={(page) => workHref(query, { page })} label="Pages des travaux" />
      </section>
    </div>
  );
}

function Providers({ providers }: { providers: ProviderLine[] }) {
  const NAMES: Record<ProviderLine["id"], string> = {
    openrouter: "OpenRouter",
    dataforseo: "DataForSEO",
    images: "API d'images",
    mail: "E-mail",
    wordpress: "WordPress des clients",
    web: "Pages citées (sources)",
  };
  return (
    <section aria-labelledby="providers-title" className="grid gap-3">
      <h2 id="providers-title" className="sr-only">
        Fournisseurs
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-4">
        {providers.map((provider) => {
          const share = provider.failureShareLastHour;
          const alarming = !provider.configured || (share !== null && share >= 0.5);
          return (
            <li key={provider.id}>
              <Card className={cn("h-full gap-2 py-4", alarming && "border-destructive")}>
                <CardHeader className="px-4">
                  <CardTitle className="flex items-center justify-between gap-2 text-base">
                    <span>{NAMES[provider.id]}</span>
                    <Badge variant={provider.configured ? "secondary" : "destructive"}>
                      {provider.configured ? "Configuré" : "Non configuré"}
                    </Badge>
                  </CardTitle>
                  <p className="text-xs text-muted-foreground">{provider.kinds.map((kind) => WORK_KINDS[kind]).join(", ")}</p>
                </CardHeader>
                <CardContent className="grid gap-1 px-4 text-sm">
                  {provider.configured ? null : <p className="text-destructive">À régler : {provider.missing.join(", ")}</p>}
                  {provider.note ? <p className="text-muted-foreground">{provider.note}</p> : null}
                  <p>Dernier succès : {provider.lastSuccessAt ? teamDateTime(provider.lastSuccessAt) : "aucun"}</p>
                  <p className="[overflow-wrap:anywhere]">
                    Dernière erreur :{" "}
                    {provider.lastError ? (
                      <span title={provider.lastError.message}>
                        {teamDateTime(provider.lastError.at)} · {provider.lastError.message.slice(0, 120)}
                      </span>
                    ) : (
                      "aucune"
                    )}
                  </p>
                  <p className={share !== null && share > 0 ? "font-medium text-destructive" : "text-muted-foreground"}>
                    Échecs (dernière heure) :{" "}
                    {share === null ? "rien de fini" : `${Math.round(share * 100)} % de ${provider.endedLastHour}`}
                  </p>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function WorkTable({ rows, caption, formId, dim = false }: { rows: WorkRow[]; caption: string; formId: string; dim?: boolean }) {
  const [selected, setSelected] = useState<number[]>([]);
  const fetcher = useToastFetcher<typeof action>(() => setSelected([]));
  const allSelected = rows.length > 0 && rows.every((row) => selected.includes(row.id));
  const toggle = (id: number) => setSelected((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" id={formId} className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Actions sur la sélection (${caption})`}>
        <span className="text-sm text-muted-foreground">
          {selected.length ? `${selected.length} sélectionné${selected.length > 1 ? "s" : ""}` : "Cochez des lignes pour agir dessus"}
        </span>
        <Button type="submit" name="intent" value="retry" size="sm" variant="outline" disabled={busy || !selected.length}>
          Relancer
        </Button>
        <Button type="submit" name="intent" value="cancel" size="sm" variant="outline" disabled={busy || !selected.length}>
          Annuler
        </Button>
      </div>
      <div className={cn("overflow-x-auto rounded-lg border", dim && "opacity-60")}>
        <table className="w-full min-w-[60rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/50 text-muted-foreground">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  aria-label="Tout sélectionner"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? [] : rows.map((row) => row.id))}
                  className="size-4 accent-primary"
                />
              </th>
              {["Travail", "Site et page", "État", "Essais", "Créé le", "Durée", "Coût", "Dernière erreur"].map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className={cn("border-t align-top", row.stuck && "bg-destructive/5")}>
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    name="ids"
                    value={row.id}
                    checked={selected.includes(row.id)}
                    onChange={() => toggle(row.id)}
                    aria-label={`Sélectionner le travail ${row.id}`}
                    className="size-4 accent-primary"
                  />
                </td>
                <td className="px-3 py-2">
                  <div className="font-medium">{WORK_KINDS[row.kind] ?? row.kind}</div>
                  <div className="text-muted-foreground">#{row.id}</div>
                </td>
                <td className="max-w-56 px-3 py-2 break-words">
                  {row.site ? (
                    <Link to={`/team/work?site=${row.site.id}`} className="text-primary underline-offset-4 hover:underline">
                      {row.site.name}
                    </Link>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                  {row.page && row.site ? (
                    <div>
                      <Link
                        to={`/sites/${row.site.id}/pages/${row.page.id}`}
                        className="text-muted-foreground underline-offset-4 hover:underline"
                      >
                        {row.page.name}
                      </Link>
                    </div>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-1">
                    <Badge variant={STATE_TONES[row.state]}>{WORK_STATES[row.state] ?? row.state}</Badge>
                    {row.stuck ? <Badge variant="destructive">Bloqué</Badge> : null}
                  </div>
                  {row.waitsForBatch ? (
                    <div className="text-xs text-muted-foreground">Attend les éléments précédents de son lot</div>
                  ) : null}
                  <WrittenFlags written={row.written} />
                  {row.state === "queued" && row.nextAttemptAt ? (
                    <div className="text-xs text-muted-foreground">Nouvel essai après {teamDateTime(row.nextAttemptAt)}</div>
                  ) : null}
                </td>
                <td className="px-3 py-2 tabular-nums">{row.attempts}</td>
                <td className="px-3 py-2 whitespace-nowrap">{teamDateTime(row.createdDate)}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {(row.state === "done" || row.state === "failed") && row.startedAt && row.finishedAt
                    ? workDuration(new Date(row.finishedAt).getTime() - new Date(row.startedAt).getTime())
                    : "—"}
                </td>
                <td
                  className="px-3 py-2 whitespace-nowrap tabular-nums"
                  title={row.tokensIn || row.tokensOut ? `${row.tokensIn ?? 0} + ${row.tokensOut ?? 0} jetons` : undefined}
                >
                  {formatUsd(row.costUsd)}
                </td>
                <td className="max-w-72 px-3 py-2 text-muted-foreground [overflow-wrap:anywhere]">
                  {row.lastError ? <span title={row.lastError}>{row.lastError.slice(0, 160)}</span> : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fetcher.Form>
  );
}
