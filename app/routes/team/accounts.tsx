import { Link } from "react-router";
import type { Route } from "./+types/accounts";
import { FilterForm, FilterSelect, FilterText } from "~/components/filter-form";
import { ListTotal } from "~/components/list-total";
import { NewerOlderPager } from "~/components/newer-older-pager";
import { Badge } from "~/components/ui/badge";
import { BRAND_NAME } from "~/lib/constants";
import { listHref } from "~/lib/list-query";
import { ACCOUNT_ROLE_FILTERS, ROLE_LABELS, TEAM_ACCOUNTS_PAGE_SIZE } from "~/lib/schemas/team";
import { teamDateTime } from "~/lib/team-format";
import { useLoadingHere } from "~/lib/use-loading-here";
import { cn } from "~/lib/utils";
import { parseTeamAccountsQuery, teamListAccounts, type TeamAccountsQuery } from "~/models/team-users.server";
import { requireTeamMember } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: `Comptes – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const query = parseTeamAccountsQuery(url.searchParams);
  const { accounts, total } = await teamListAccounts(member, query);
  return { query, accounts, total };
}

const accountsHref = (query: TeamAccountsQuery, page: number) =>
  listHref("/team/accounts", { q: query.q, role: query.role === "all" ? undefined : query.role, page });

const COLUMNS = ["Compte", "Rôle", "État", "Sites", "Créé le"];

export default function TeamAccounts({ loaderData: { query, accounts, total } }: Route.ComponentProps) {
  const loading = useLoadingHere();
  const pages = Math.max(1, Math.ceil(total / TEAM_ACCOUNTS_PAGE_SIZE));
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Comptes</h1>
        <p className="text-muted-foreground">
          Les clients et l'équipe. Les administrateurs changent les rôles, bannissent et voient le produit comme un client.
        </p>
      </div>

      <FilterForm
        label="Filtres des comptes"
        view={`${query.q ?? ""}|${query.role}`}
        className="sm:grid-cols-[2fr_1fr_auto] sm:items-end"
        loading={loading}
        clearTo={query.q || query.role !== "all" ? "/team/accounts" : null}
      >
        <FilterText id="accounts-q" name="q" label="Rechercher" value={query.q} placeholder="Nom ou e-mail" />
        <FilterSelect id="accounts-role" name="role" label="Rôle" value={query.role} options={ACCOUNT_ROLE_FILTERS} />
      </FilterForm>

      <ListTotal
        total={total}
        shown={accounts.length}
        page={query.page}
        pages={pages}
        noun={["compte", "comptes"]}
        empty="Aucun compte ne correspond."
      />

      {accounts.length ? (
        <div className={cn("overflow-x-auto rounded-lg border", loading && "opacity-60")}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Comptes</caption>
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
              {accounts.map((account) => (
                <tr key={account.id} className="border-t align-top">
                  <td className="max-w-80 px-3 py-2 break-words">
                    <Link to={`/team/accounts/${account.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                      {account.name || account.email}
                    </Link>
                    <div className="text-muted-foreground">{account.email}</div>
                  </td>
                  <td className="px-3 py-2">
                    <Badge variant={account.role === "client" ? "outline" : "secondary"}>{ROLE_LABELS[account.role]}</Badge>
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap gap-1">
                      {account.banned ? <Badge variant="destructive">Banni</Badge> : null}
                      {account.emailVerified ? null : <Badge variant="outline">Adresse à confirmer</Badge>}
                      {account.role !== "client" && !account.twoFactorEnabled ? <Badge variant="outline">Sans deux étapes</Badge> : null}
                      {!account.banned && account.emailVerified && (account.role === "client" || account.twoFactorEnabled) ? (
                        <span className="text-muted-foreground">Actif</span>
                      ) : null}
                    </div>
                  </td>
                  <td className="px-3 py-2 tabular-nums">{account.sitesCount}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{teamDateTime(account.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <NewerOlderPager page={query.page} pages={pages} href={(page) => accountsHref(query, page)} label="Pages des comptes" />
    </div>
  );
}
