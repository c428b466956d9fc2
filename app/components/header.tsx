import { Menu } from "lucide-react";
import { Suspense } from "react";
import { Link, useLocation, useMatches } from "react-router";
import type { HeaderUser } from "~/components/header-account-parts";
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
 * The site's header. `placeLinks` (team members only, from the root loader) lead between the console and the
 * client screens: the one of the other side is shown.
 */
export function Header({
  user,
  unread = 0,
  placeLinks,
}: {
  user: HeaderUser | null;
  /** The signed-in person's unread notifications (the bell's badge). */
  unread?: number;
  placeLinks?: { console: Place; sites: Place } | null;
}) {
  // The side panel exists only in the signed-in area and the console (their layouts' handle), and so does the button that opens it.
  const matches = useMatches();
  const inApp = matches.some((match) => (match.handle as { sidebar?: boolean } | undefined)?.sidebar);
  const { pathname } = useLocation();
  // The team working on a client's site: the screen's loader says whose it is (models/site.server.ts teamViewOfSite).
  const whoseSite = matches.map((match) => (match.loaderData as { whoseSite?: TeamView | null } | undefined)?.whoseSite).find(Boolean);
  const teamLink = placeLinks
    ? pathname === placeLinks.console.to || pathname.startsWith(`${placeLinks.console.to}/`)
      ? placeLinks.sites
      : placeLinks.console
    : null;
  const isStatic = useStaticPage();
  return (
    <header className="print:hidden sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-16 items-center gap-1.5 px-2.5 sm:gap-3 sm:px-6">
        {user && inApp ? <MobileMenuButton /> : null}
        <div className="shrink-0">
          <Logo />
        </div>
        {whoseSite ? <WhoseSite view={whoseSite} className="hidden min-w-0 md:block" /> : null}
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          {teamLink && !isStatic ? (
            <Button asChild variant="outline" size="sm" className="px-2 sm:h-9 sm:px-3">
              <Link to={teamLink.to}>{teamLink.label}</Link>
            </Button>
          ) : null}
          {user && isStatic ? (
            <StaticAccountMenu user={user} unread={unread} />
          ) : user ? (
            <Suspense fallback={<span className="h-10 w-[5.75rem]" aria-hidden="true" />}>
              <SignedIn user={user} unread={unread} />
            </Suspense>
          ) : (
            <SignedOut />
          )}
        </div>
      </div>
      {/* On a phone the line has a row of its own, under the logo. */}
      {whoseSite ? <WhoseSite view={whoseSite} className="mx-2.5 mb-2 md:hidden" /> : null}
    </header>
  );
}

/** Whose site the team is working on (the words are the loader's). */
function WhoseSite({ view, className }: { view: TeamView; className: string }) {
  return (
    <p
      className={`truncate rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100 ${className}`}
      data-testid="whose-site"
      title={`${view.title} · ${view.detail}`}
    >
      <strong className="font-semibold">{view.title}</strong>
      <span className="hidden xl:inline"> · {view.detail}</span>
    </p>
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
