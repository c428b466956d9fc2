import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/audit";
import { ListTotal } from "~/components/list-total";
import { NativeSelect } from "~/components/native-select";
import { NewerOlderPager } from "~/components/newer-older-pager";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { BRAND_NAME } from "~/lib/constants";
import { parseAuditQuery, teamListAudit, type AuditQuery } from "~/models/team-audit.server";
import { requireTeamMember } from "~/services/auth.server";
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE } from "~/lib/team-audit";
import { teamDateTime } from "~/lib/team-format";

export const meta: Route.MetaFunction = () => [{ title: `Journal de l'équipe – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const { lines, total } = await teamListAudit(member, query);
  return { query, lines, total, actions: Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })) };
}

const COLUMNS = ["Quand", "Par", "Action", "Sur", "Détails"];
const RECORD_LINKS: Record<string, (id: string) => string> = {
  inbox: (id) => `/team/inbox/${id}`,
  user: (id) => `/team/accounts/${id}`,
  site: (id) => `/team/sites/${id}`,
};
const RECORD_NAMES: Record<string, string> = {
  user: "compte",
  site: "site",
  page: "page",
  action: "travail",
  message: "message",
  inbox: "demande",
};

/** The details of a line, as short "key: value" text. */
function detailsText(details: Record<string, unknown> | null): string {
  if (!details) return "";
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" · ");
}

/** The URL of another page of the same view. */
function pageHref(query: AuditQuery, page: number): string {
  const params = new URLSearchParams();
  for (const key of ["action", "actor", "from", "to"] as const) if (query[key]) params.set(key, query[key]!);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "?";
}

export default function TeamAudit({ loaderData: { query, lines, total, actions } }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/team/audit";
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

      <Form
        method="get"
        className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end"
        aria-label="Filtres du journal"
      >
        <div className="grid gap-2">
          <Label htmlFor="audit-action">Action</Label>
          <NativeSelect id="audit-action" name="action" defaultValue={query.action ?? ""}>
            <option value="">Toutes</option>
            {actions.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="audit-actor">Par</Label>
          <Input id="audit-actor" name="actor" defaultValue={query.actor ?? ""} placeholder="e-mail ou « ligne de commande »" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="audit-from">Du</Label>
          <Input id="audit-from" name="from" type="date" defaultValue={query.from ?? ""} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="audit-to">Au</Label>
          <Input id="audit-to" name="to" type="date" defaultValue={query.to ?? ""} />
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={loading}>
            {loading ? "Filtrage..." : "Filtrer"}
          </Button>
          <Button asChild variant="outline">
            <Link to="/team/audit">Tout</Link>
          </Button>
        </div>
      </Form>

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
