import { isRouteErrorResponse, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { Footer } from "~/components/footer";
import { NotFoundPage } from "~/components/not-found-page";
import { RouteErrorBoundary } from "~/components/route-error";
import { cn } from "~/lib/utils";
import { requireTeamMember } from "~/services/auth.server";

/**
 * The team's console (issue 14): every route below checks the role on the server. Anyone but a team member
 * gets the same 404 as an unknown address; the screens themselves also need two-factor sign-in, except its
 * set-up screen.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const member = await requireTeamMember(request, { twoFactorSetUp: false });
  return { member: { name: member.name, role: member.role, twoFactorEnabled: member.twoFactorEnabled } };
}

/** The console's sections (each appears once it exists). */
const SECTIONS = [
  { to: "/team", label: "Accueil" },
  { to: "/team/audit", label: "Journal" },
];

export default function TeamLayout({ loaderData: { member } }: Route.ComponentProps) {
  return (
    <div className="flex flex-1 flex-col">
      <nav aria-label="Console de l'équipe" className="border-b bg-muted/40">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
          <span className="text-sm font-semibold">Console de l'équipe</span>
          {member.twoFactorEnabled
            ? SECTIONS.map((section) => (
                <NavLink
                  key={section.to}
                  to={section.to}
                  end
                  className={({ isActive }) =>
                    cn("text-sm underline-offset-4 hover:underline", isActive ? "font-medium text-primary" : "text-muted-foreground")
                  }
                >
                  {section.label}
                </NavLink>
              ))
            : null}
          <span className="ml-auto text-sm text-muted-foreground">
            {member.name} · {member.role === "admin" ? "Administrateur" : "Équipe"}
          </span>
        </div>
      </nav>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/** Refused: the page of an unknown address, word for word. Anything else: the screens' usual error. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteErrorBoundary />;
}
