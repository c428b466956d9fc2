import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/accounts";
import { ListTotal } from "~/components/list-total";
import { NativeSelect } from "~/components/native-select";
import { NewerOlderPager } from "~/components/newer-older-pager";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { BRAND_NAME } from "~/lib/constants";
import { ACCOUNT_ROLE_FILTERS, ROLE_LABELS, TEAM_ACCOUNTS_PAGE_SIZE } from "~/lib/schemas/team";
import { teamDateTime } from "~/lib/team-format";
import { cn } from "~/lib/utils";
import { parseTeamAccountsQuery, teamListAccounts, type TeamAccountsQuery } from "~/models/team-users.server";
import { requireTeamMember } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: `Comptes – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const query = parseTeamAccountsQuery(new URL(request.url).searchParams);
  const { accounts, total } = await teamListAccounts(member, query);
  return { query, accounts, total };
}

function accountsHref(query: TeamAccountsQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.role !== "all") params.set("role", query.role);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/team/accounts?${search}` : "/team/accounts";
}

const COLUMNS = ["Compte", "Rôle", "État", "Sites", "Créé le"];

export default function TeamAccounts({ loaderData: { query, accounts, total } }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/team/accounts";
  const pages = Math.max(1, Math.ceil(total / TEAM_ACCOUNTS_PAGE_SIZE));
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Comptes</h1>
        <p className="text-muted-foreground">
          Les clients et l'équipe. Les administrateurs changent les rôles, bannissent et voient le produit comme un client.
        </p>
      </div>

      <Form
        key={`${query.q ?? ""}|${query.role}`}
        method="get"
        className="grid gap-4 rounded-lg border p-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
        aria-label="Filtres des comptes"
      >
        <div className="grid gap-2">
          <Label htmlFor="accounts-q">Rechercher</Label>
          <Input id="accounts-q" name="q" type="search" defaultValue={query.q ?? ""} placeholder="Nom ou e-mail" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="accounts-role">Rôle</Label>
          <NativeSelect id="accounts-role" name="role" defaultValue={query.role}>
            {Object.entries(ACCOUNT_ROLE_FILTERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={loading}>
            {loading ? "Filtrage..." : "Filtrer"}
          </Button>
          {query.q || query.role !== "all" ? (
            <Button asChild variant="outline">
              <Link to="/team/accounts">Effacer</Link>
            </Button>
          ) : null}
        </div>
      </Form>

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
