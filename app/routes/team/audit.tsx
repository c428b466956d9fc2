import { Link } from "react-router";
import type { Route } from "./+types/audit";
import { FilterForm, FilterSelect, FilterText } from "~/components/filter-form";
import { ListTotal } from "~/components/list-total";
import { NewerOlderPager } from "~/components/newer-older-pager";
import { BRAND_NAME } from "~/lib/constants";
import { listHref } from "~/lib/list-query";
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE } from "~/lib/team-audit";
import { teamDateTime } from "~/lib/team-format";
import { useLoadingHere } from "~/lib/use-loading-here";
import { parseAuditQuery, teamListAudit, type AuditQuery } from "~/models/team-audit.server";
import { requireTeamMember } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: `Journal de l'équipe – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const query = parseAuditQuery(url.searchParams);
  const { lines, total } = await teamListAudit(member, query);
  return { query, lines, total };
}

const COLUMNS = ["Quand", "Par", "Action", "Sur", "Détails"];
const RECORD_LINKS: Record<string, (id: string) => string> = {
  inbox: (id) => `/team/inbox/${id}`,
  user: (id) => `/team/accounts/${id}`,
  site: (id) => `/team/sites/${id}`,
  version: (id) => `/review/${id}`,
};
const RECORD_NAMES: Record<string, string> = {
  user: "compte",
  site: "site",
  page: "page",
  version: "version",
  action: "travail",
  message: "message",
  inbox: "demande",
  llm: "LLM",
  tone: "ton",
};

/** The details of a line, as short "key: value" text. */
function detailsText(details: Record<string, unknown> | null): string {
  if (!details) return "";
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" · ");
}

/** The URL of another page of the same view. */
const pageHref = (query: AuditQuery, page: number) =>
  listHref("/team/audit", { action: query.action, actor: query.actor, from: query.from, to: query.to, page });

export default function TeamAudit({ loaderData: { query, lines, total } }: Route.ComponentProps) {
  const loading = useLoadingHere();
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const actionLabel = (action: string) => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Journal de l'équipe</h1>
        <p className="text-muted-foreground">
          Chaque action de l'équipe, avec qui, quand, quoi et sur quoi. Le journal ne peut être ni modifié ni effacé.
        </p>
      </div>

      <FilterForm
        label="Filtres du journal"
        view={JSON.stringify([query.action, query.actor, query.from, query.to])}
        className="sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
        loading={loading}
        clearTo={query.action || query.actor || query.from || query.to ? "/team/audit" : null}
      >
        <FilterSelect id="audit-action" name="action" label="Action" value={query.action} options={AUDIT_ACTIONS} all="Toutes" />
        <FilterText
          id="audit-actor"
          name="actor"
          label="Par"
          value={query.actor}
          placeholder="e-mail ou « ligne de commande »"
          type="text"
        />
        <FilterText id="audit-from" name="from" label="Du" value={query.from} type="date" />
        <FilterText id="audit-to" name="to" label="Au" value={query.to} type="date" />
      </FilterForm>

      <ListTotal
        total={total}
        shown={lines.length}
        page={query.page}
        pages={pages}
        noun={["ligne", "lignes"]}
        feminine
        empty="Aucune ligne ne correspond."
      />

      {lines.length ? (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Journal de l'équipe</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id} className="border-t align-top">
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={new Date(line.at).toISOString()}>{teamDateTime(line.at, { seconds: true })}</time>
                  </td>
                  <td className="max-w-64 min-w-48 px-3 py-2 break-words">{line.actorLabel}</td>
                  <td className="px-3 py-2">{actionLabel(line.action)}</td>
                  <td className="max-w-48 px-3 py-2 [overflow-wrap:anywhere]">
                    <RecordCell type={line.recordType} id={line.recordId} />
                  </td>
                  <td className="px-3 py-2 break-words text-muted-foreground">{detailsText(line.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <NewerOlderPager page={query.page} pages={pages} href={(page) => pageHref(query, page)} label="Pages du journal" />
    </div>
  );
}

/** The record a line is about; the console's own records are links. */
function RecordCell({ type, id }: { type: string | null; id: string | null }) {
  if (!type) return "—";
  const text = `${RECORD_NAMES[type] ?? type} ${id ?? ""}`;
  const href = id ? RECORD_LINKS[type]?.(id) : undefined;
  return href ? (
    <Link to={href} className="text-primary underline underline-offset-4">
      {text}
    </Link>
  ) : (
    text
  );
}
