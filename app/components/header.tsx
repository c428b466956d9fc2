import { Menu } from "lucide-react";
import { Suspense } from "react";
import { Link, useLocation, useMatches } from "react-router";
import type { HeaderUser } from "~/components/header-account";
import { StaticAccountMenu } from "~/components/header-account-static";
import { Logo } from "~/components/logo";
import { useSidebar } from "~/components/sidebar-context";
import { Button } from "~/components/ui/button";
import { lazyOptional } from "~/lib/lazy-optional";
import { useStaticPage } from "~/lib/static-page";

/** The bell and the avatar menu: only people who are signed in download them. */
const SignedIn = lazyOptional(() => import("~/components/header-account"));

type Place = { to: string; label: string };
type TeamView = { title: string; detail: string };

/**
 * The site's header. `teamLinks` (team members only, from the root loader) lead between the console and the
 * client screens: the one of the other side is shown.
 */
export function Header({ user, teamLinks }: { user: HeaderUser | null; teamLinks?: { console: Place; sites: Place } | null }) {
  // The side panel exists only in the signed-in area and the console (their layouts' handle), and so does the button that opens it.
  const matches = useMatches();
  const inApp = matches.some((match) => (match.handle as { sidebar?: boolean } | undefined)?.sidebar);
  const { pathname } = useLocation();
  // The team working on a client's site: the screen's loader says whose it is (models/site.server.ts teamViewOfSite).
  const teamView = matches.map((match) => (match.data as { teamView?: TeamView | null } | undefined)?.teamView).find(Boolean);
  const teamLink = teamLinks
    ? pathname === teamLinks.console.to || pathname.startsWith(`${teamLinks.console.to}/`)
      ? teamLinks.sites
      : teamLinks.console
    : null;
  const isStatic = useStaticPage();
  return (
    <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-16 items-center gap-1.5 px-2.5 sm:gap-3 sm:px-6">
        {user && inApp ? <MobileMenuButton /> : null}
        <Logo />
        {teamView ? (
          <p
            className="min-w-0 truncate rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            data-testid="team-view"
            title={`${teamView.title} · ${teamView.detail}`}
          >
            <strong className="font-semibold">{teamView.title}</strong>
            <span className="hidden xl:inline"> · {teamView.detail}</span>
          </p>
        ) : null}
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          {teamLink && !isStatic ? (
            <Button asChild variant="outline" size="sm" className="px-2 sm:h-9 sm:px-3">
              <Link to={teamLink.to}>{teamLink.label}</Link>
            </Button>
          ) : null}
          {user && isStatic ? (
            <StaticAccountMenu user={user} />
          ) : user ? (
            <Suspense fallback={<span className="h-10 w-[5.75rem]" aria-hidden="true" />}>
              <SignedIn user={user} />
            </Suspense>
          ) : (
            <SignedOut />
          )}
        </div>
      </div>
    </header>
  );
}

function MobileMenuButton() {
  const { mobileOpen, setMobileOpen } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="md:hidden"
      aria-label="Ouvrir le menu"
      aria-expanded={mobileOpen}
      aria-controls="app-sidebar"
      onClick={() => setMobileOpen(!mobileOpen)}
    >
      <Menu aria-hidden="true" />
    </Button>
  );
}

function SignedOut() {
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="px-1.5 sm:h-9 sm:px-4">
        <Link to="/auth">Connexion</Link>
      </Button>
      <Button asChild size="sm" className="px-2.5 sm:h-9 sm:px-4">
        <Link to="/auth">Commencer</Link>
      </Button>
    </>
  );
}
