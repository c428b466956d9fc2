import { Link } from "react-router";
import type { Route } from "./+types/home";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { BRAND_NAME } from "~/lib/constants";
import { teamOverview } from "~/models/team-overview.server";
import { requireTeamMember } from "~/services/auth.server";

export const meta: Route.MetaFunction = () => [{ title: `Console de l'équipe – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  return { overview: await teamOverview(member) };
}

export default function TeamHome({ loaderData: { overview } }: Route.ComponentProps) {
  const figures = [
    {
      label: "Demandes de premier article sans client",
      value: overview.unclaimedSites,
      detail: overview.overdueSites ? `dont ${overview.overdueSites} au-delà de 48 h` : "aucune au-delà de 48 h",
      alert: overview.overdueSites > 0,
      to: "/team/sites?owner=unowned",
    },
    { label: "Messages de contact (7 derniers jours)", value: overview.contactMessagesThisWeek, to: "/team/inbox?view=all&kind=contact" },
    {
      label: "Travaux en attente",
      value: overview.actionsQueued,
      detail: `${overview.actionsRunning} en cours`,
      to: "/team/work?state=queued",
    },
    { label: "Travaux en échec", value: overview.actionsFailed, alert: overview.actionsFailed > 0, to: "/team/work?state=failed" },
  ];
  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Console de l'équipe</h1>
        <p className="text-muted-foreground">Ce qui attend une personne, chez tous les clients.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <li key={figure.label}>
            <Link
              to={figure.to}
              className="block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&>*]:transition-colors hover:[&>*]:bg-muted/40"
            >
              <Card className="h-full">
                <CardHeader>
                  <CardDescription>{figure.label}</CardDescription>
                  <CardTitle className={figure.alert ? "text-3xl text-destructive" : "text-3xl"}>{figure.value}</CardTitle>
                  {figure.detail ? (
                    <p className={figure.alert ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>{figure.detail}</p>
                  ) : null}
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
