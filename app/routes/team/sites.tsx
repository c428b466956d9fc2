import { Link } from "react-router";
import type { Route } from "./+types/sites";
import { FilterForm, FilterSelect, FilterText } from "~/components/filter-form";
import { ListTotal } from "~/components/list-total";
import { NewerOlderPager } from "~/components/newer-older-pager";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { BRAND_NAME } from "~/lib/constants";
import { listHref } from "~/lib/list-query";
import { SITE_OWNER_FILTERS, TEAM_SITES_PAGE_SIZE } from "~/lib/schemas/team";
import { teamDateTime } from "~/lib/team-format";
import { useLoadingHere } from "~/lib/use-loading-here";
import { cn } from "~/lib/utils";
import { parseTeamSitesQuery, teamListSites, type TeamSitesQuery } from "~/models/team-sites.server";
import { requireTeamMember } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: `Sites des clients – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, url }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const query = parseTeamSitesQuery(url.searchParams);
  const { sites, total } = await teamListSites(member, query);
  return { query, sites, total };
}

const sitesHref = (query: TeamSitesQuery, page: number) =>
  listHref("/team/sites", { q: query.q, owner: query.owner === "all" ? undefined : query.owner, page });

const COLUMNS = ["Site", "Client", "Pages", "Créé le", ""];

export default function TeamSites({ loaderData: { query, sites, total } }: Route.ComponentProps) {
  const loading = useLoadingHere();
  const pages = Math.max(1, Math.ceil(total / TEAM_SITES_PAGE_SIZE));
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Sites des clients</h1>
        <p className="text-muted-foreground">
          Tous les sites, avec leur client. Un site venu d'une demande de premier article n'a pas de client tant que personne ne l'a reçu :
          donnez-le à un client existant, ou invitez le demandeur.
        </p>
      </div>

      <FilterForm
        label="Filtres des sites"
        view={`${query.q ?? ""}|${query.owner}`}
        className="sm:grid-cols-[2fr_1fr_auto] sm:items-end"
        loading={loading}
        clearTo={query.q || query.owner !== "all" ? "/team/sites" : null}
      >
        <FilterText id="sites-q" name="q" label="Rechercher" value={query.q} placeholder="Nom, adresse, e-mail du client ou du demandeur" />
        <FilterSelect id="sites-owner" name="owner" label="Client" value={query.owner} options={SITE_OWNER_FILTERS} />
      </FilterForm>

      <ListTotal
        total={total}
        shown={sites.length}
        page={query.page}
        pages={pages}
        noun={["site", "sites"]}
        empty="Aucun site ne correspond."
      />

      {sites.length ? (
        <div className={cn("overflow-x-auto rounded-lg border", loading && "opacity-60")}>
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Sites des clients</caption>
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                {COLUMNS.map((column, i) => (
                  <th key={i} scope="col" className="px-3 py-2 font-medium">
                    {column || <span className="sr-only">Actions</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sites.map((site) => (
                <tr key={site.id} className="border-t align-top">
                  <td className="max-w-80 px-3 py-2">
                    <Link to={`/team/sites/${site.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                      {site.name}
                    </Link>
                    <div className="text-muted-foreground [overflow-wrap:anywhere]">{site.url}</div>
                  </td>
                  <td className="max-w-64 px-3 py-2 break-words">
                    {site.owner ? (
                      <>
                        <div>{site.owner.name}</div>
                        <div className="text-muted-foreground">{site.owner.email}</div>
                      </>
                    ) : (
                      <div className="grid justify-items-start gap-1">
                        <Badge variant="outline">Sans client</Badge>
                        {site.invitedEmail ? (
                          <span className="text-muted-foreground">Invitation envoyée à {site.invitedEmail}</span>
                        ) : site.requester ? (
                          <span className="text-muted-foreground">Demandé par {site.requester}</span>
                        ) : null}
                      </div>
                    )}
                  </td>
                  <td className="px-3 py-2 tabular-nums">{site.pagesCount}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{teamDateTime(site.createdAt)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">
                    <Button asChild variant="outline" size="sm">
                      <Link to={`/sites/${site.id}`} aria-label={`Ouvrir le site ${site.name}`}>
                        Ouvrir
                      </Link>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <NewerOlderPager page={query.page} pages={pages} href={(page) => sitesHref(query, page)} label="Pages des sites" />
    </div>
  );
}
