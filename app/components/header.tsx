import { Menu } from "lucide-react";
import { Suspense } from "react";
import { Link, useMatches } from "react-router";
import type { HeaderUser } from "~/components/header-account";
import { StaticAccountMenu } from "~/components/header-account-static";
import { Logo } from "~/components/logo";
import { useSidebar } from "~/components/sidebar-context";
import { Button } from "~/components/ui/button";
import { lazyOptional } from "~/lib/lazy-optional";
import { useStaticPage } from "~/lib/static-page";

/** The bell and the avatar menu: only people who are signed in download them. */
const SignedIn = lazyOptional(() => import("~/components/header-account"));

export function Header({ user }: { user: HeaderUser | null }) {
  // The side panel exists only in the signed-in area, and so does the button that opens it.
  const inApp = useMatches().some((match) => match.id === "routes/app/layout");
  const isStatic = useStaticPage();
  return (
    <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-16 items-center gap-1.5 px-2.5 sm:gap-3 sm:px-6">
        {user && inApp ? <MobileMenuButton /> : null}
        <Logo />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
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
