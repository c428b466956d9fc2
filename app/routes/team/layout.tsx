import { BookOpen, ChartColumn, Globe, Inbox, LayoutDashboard, ListChecks, ScrollText, Sparkles, Users } from "lucide-react";
import { isRouteErrorResponse, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { AppSidebar, type SidebarEntry } from "~/components/app-sidebar";
import { Footer } from "~/components/footer";
import { NotFoundPage } from "~/components/not-found-page";
import { RouteErrorBoundary } from "~/components/route-error";
import { teamInboxCounts } from "~/models/team-inbox.server";
import { requireTeamMember } from "~/services/auth.server";

/** The header shows the button of the side panel (components/header.tsx). */
export const handle = { sidebar: true };

/**
 * The team's console (issue 14): every route below checks the role on the server. Anyone but a team member
 * gets the same 404 as an unknown address; the screens themselves also need two-factor sign-in, except its
 * set-up screen.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireTeamMember(request, { twoFactorSetUp: false });
  const inbox = member.twoFactorEnabled ? await teamInboxCounts(member) : null;
  return { member: { name: member.name, role: member.role, twoFactorEnabled: member.twoFactorEnabled }, inbox };
}

export default function TeamLayout({ loaderData: { member, inbox } }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const entries: SidebarEntry[] = member.twoFactorEnabled
    ? [
        { to: "/team", label: "Accueil", icon: LayoutDashboard, exact: true },
        {
          to: "/team/inbox",
          label: "Réception",
          icon: Inbox,
          badge: inbox ? { count: inbox.open, label: inbox.open > 1 ? "éléments à traiter" : "élément à traiter" } : undefined,
        },
        { to: "/team/work", label: "Travaux", icon: ListChecks },
        { to: "/team/costs", label: "Coûts", icon: ChartColumn },
        { to: "/team/sites", label: "Sites", icon: Globe },
        { to: "/team/accounts", label: "Comptes", icon: Users },
        { to: "/team/demo", label: "Démos", icon: Sparkles },
        { to: "/team/reference", label: "Référence", icon: BookOpen },
        { to: "/team/audit", label: "Journal", icon: ScrollText },
      ]
    : [];
  return (
    <div className="flex flex-1">
      <AppSidebar pathname={pathname} entries={entries} label="Console de l'équipe" />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="border-b bg-muted/40 px-4 py-2 text-sm sm:px-6 lg:px-8">
          <span className="font-semibold">Console de l'équipe</span>
          <span className="text-muted-foreground">
            {" "}
            · {member.name} · {member.role === "admin" ? "Administrateur" : "Équipe"}
          </span>
        </div>
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
        <Footer />
      </div>
    </div>
  );
}

/** Refused: the page of an unknown address, word for word. Anything else: the screens' usual error. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteErrorBoundary />;
}
