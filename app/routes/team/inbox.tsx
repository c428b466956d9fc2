import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/inbox";
import { FilterForm, FilterSelect, FilterText } from "~/components/filter-form";
import { ListTotal } from "~/components/list-total";
import { NewerOlderPager } from "~/components/newer-older-pager";
import { Badge } from "~/components/ui/badge";
import { BRAND_NAME } from "~/lib/constants";
import { listHref } from "~/lib/list-query";
import { teamDateTime } from "~/lib/team-format";
import { firstArticleDueText, INBOX_KINDS, INBOX_PAGE_SIZE, INBOX_VIEWS, REVIEW_DECISIONS, type InboxView } from "~/lib/team-inbox";
import { useLoadingHere } from "~/lib/use-loading-here";
import { cn } from "~/lib/utils";
import { parseInboxQuery, teamListInbox, type InboxItem, type InboxQuery } from "~/models/team-inbox.server";
import { requireTeamMember } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: `Boîte de réception – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const query = parseInboxQuery(url.searchParams);
  const { items, total } = await teamListInbox(member, query);
  return { query, items, total, now: new Date().toISOString() };
}

/** The URL of another view or page of the inbox, keeping the other filters. */
function inboxHref(query: InboxQuery, changes: Partial<InboxQuery>): string {
  const next = { ...query, page: 1, ...changes };
  return listHref("/team/inbox", { view: next.view === "open" ? undefined : next.view, kind: next.kind, q: next.q, page: next.page });
}

export default function TeamInbox({ loaderData: { query, items, total, now } }: Route.ComponentProps) {
  const loading = useLoadingHere();
  // The console's layout counts the open items for its side panel: the views show the same figures.
  const counts = (useRouteLoaderData("routes/team/layout") as { inbox: { open: number; mine: number } | null } | undefined)?.inbox;
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const viewCount: Partial<Record<InboxView, number>> = { open: counts?.open, mine: counts?.mine };
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Boîte de réception</h1>
        <p className="text-muted-foreground">
          Ce qui est arrivé et attend une personne : demandes de premier article, messages de contact et décisions des clients sur leurs
          articles. Les plus récents d'abord.
        </p>
      </div>

      <nav aria-label="Vues de la boîte de réception" className="flex flex-wrap gap-2">
        {(Object.keys(INBOX_VIEWS) as InboxView[]).map((view) => (
          <Link
            key={view}
            to={inboxHref(query, { view })}
            aria-current={query.view === view ? "page" : undefined}
            className={cn(
              "inline-flex h-9 items-center gap-2 rounded-full border px-4 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              query.view === view ? "border-primary bg-primary text-primary-foreground" : "hover:bg-muted",
            )}
          >
            {INBOX_VIEWS[view]}
            {viewCount[view] !== undefined ? <span className="tabular-nums opacity-80">{viewCount[view]}</span> : null}
          </Link>
        ))}
      </nav>

      <FilterForm
        label="Filtres de la boîte de réception"
        view={`${query.kind ?? ""}|${query.q ?? ""}`}
        className="sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        loading={loading}
        clearTo={query.kind || query.q ? inboxHref(query, { kind: undefined, q: undefined }) : null}
      >
        {query.view !== "open" ? <input type="hidden" name="view" value={query.view} /> : null}
        <FilterSelect id="inbox-kind" name="kind" label="Type" value={query.kind} options={INBOX_KINDS} all="Tous" />
        <FilterText id="inbox-q" name="q" label="Rechercher" value={query.q} placeholder="Site, nom, e-mail, page..." />
      </FilterForm>

      <ListTotal
        total={total}
        shown={items.length}
        page={query.page}
        pages={pages}
        noun={["élément", "éléments"]}
        empty={
          query.view === "open" && !query.kind && !query.q
            ? "Rien à traiter : tout ce qui est arrivé a été traité."
            : "Aucun élément ne correspond."
        }
      />

      {items.length ? (
        <ul className={cn("grid gap-3", loading && "opacity-60")} aria-label="Éléments de la boîte de réception">
          {items.map((item) => (
            <InboxRow key={item.id} item={item} now={new Date(now)} />
          ))}
        </ul>
      ) : null}

      <NewerOlderPager page={query.page} pages={pages} href={(page) => inboxHref(query, { page })} label="Pages de la boîte de réception" />
    </div>
  );
}

/** The kind's own line: what was asked, and by whom. */
function summary(item: InboxItem): string {
  if (item.site) return [item.site.email1 ?? item.site.stripeEmail, item.site.guidelines].filter(Boolean).join(" · ");
  if (item.contact) return item.contact.message;
  if (item.review) return [item.review.clientEmail, item.review.comments].filter(Boolean).join(" · ");
  return "";
}

function InboxRow({ item, now }: { item: InboxItem; now: Date }) {
  const due = item.kind === "first_article" && !item.handledAt ? firstArticleDueText(new Date(item.receivedAt), now) : null;
  return (
    <li className="relative grid gap-1 rounded-lg border p-4 hover:bg-muted/40 focus-within:ring-[3px] focus-within:ring-ring/50">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="secondary">{INBOX_KINDS[item.kind]}</Badge>
        {item.review?.decision ? (
          <Badge variant={item.review.decision === "approved" ? "default" : "outline"}>{REVIEW_DECISIONS[item.review.decision]}</Badge>
        ) : null}
        <time dateTime={new Date(item.receivedAt).toISOString()} className="text-muted-foreground">
          {teamDateTime(item.receivedAt)}
        </time>
        {item.trial ? (
          <Badge variant="outline">{item.trial.deliveredVersion ? "Brouillon d'essai livré" : "Article d'essai lancé"}</Badge>
        ) : null}
        {due ? (
          <span
            className={cn("font-medium", due.overdue ? "text-destructive" : "text-muted-foreground")}
            data-overdue={due.overdue || undefined}
          >
            {due.text}
          </span>
        ) : null}
        <span className="ml-auto text-muted-foreground">
          {item.handledAt
            ? `Traité${item.handlerName ? ` par ${item.handlerName}` : ""}`
            : item.assignee?.id
              ? `Pour ${item.assignee.name}`
              : "Non attribué"}
          {item.replies ? ` · ${item.replies} réponse${item.replies > 1 ? "s" : ""}` : ""}
        </span>
      </div>
      <Link to={`/team/inbox/${item.id}`} className="font-medium [overflow-wrap:anywhere] outline-none after:absolute after:inset-0">
        {item.subject}
      </Link>
      <p className="line-clamp-2 text-sm text-muted-foreground [overflow-wrap:anywhere]">{summary(item) || "—"}</p>
    </li>
  );
}
