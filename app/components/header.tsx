import { Bell, LogOut, Menu, Settings, User } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher, useMatches } from "react-router";
import { Logo } from "~/components/logo";
import { useSidebar } from "~/components/sidebar-context";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { UserAvatar } from "~/components/user-avatar";
import { NOTIFICATION_BADGE_COUNT } from "~/lib/constants";
import type { Toast } from "~/lib/toast";
import { notify } from "~/lib/notify";

type HeaderUser = { name: string; email: string; image: string | null };

export function Header({ user }: { user: HeaderUser | null }) {
  // The side panel exists only in the signed-in area, and so does the button that opens it.
  const inApp = useMatches().some((match) => match.id === "routes/app/layout");
  return (
    <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-16 items-center gap-2 px-3 sm:gap-3 sm:px-6">
        {user && inApp ? <MobileMenuButton /> : null}
        <Logo />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">{user ? <SignedIn user={user} /> : <SignedOut />}</div>
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
      <Button asChild variant="ghost" size="sm" className="px-2 sm:h-9 sm:px-4">
        <Link to="/auth">Connexion</Link>
      </Button>
      <Button asChild size="sm" className="px-3 sm:h-9 sm:px-4">
        <Link to="/auth">Commencer</Link>
      </Button>
    </>
  );
}

function SignedIn({ user }: { user: HeaderUser }) {
  const signOut = useFetcher<{ toast?: Toast }>({ key: "sign-out" });
  useEffect(() => {
    if (signOut.state === "idle" && signOut.data?.toast) notify(signOut.data.toast);
  }, [signOut.state, signOut.data]);

  return (
    <>
      <Button variant="ghost" size="icon" className="relative" aria-label={`Notifications (${NOTIFICATION_BADGE_COUNT})`}>
        <Bell aria-hidden="true" />
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 grid min-w-4 place-items-center rounded-full bg-destructive px-1 text-[10px] leading-4 font-semibold text-white"
        >
          {NOTIFICATION_BADGE_COUNT}
        </span>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" className="size-10 rounded-full p-0" aria-label="Menu du compte">
            <UserAvatar name={user.name} email={user.email} image={user.image} />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="font-normal">
            <p className="truncate text-sm font-medium">{user.name || user.email}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/profile">
              <User aria-hidden="true" /> Profil
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/settings">
              <Settings aria-hidden="true" /> Paramètres
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={signOut.state !== "idle"}
            onSelect={() => signOut.submit(null, { method: "post", action: "/auth/sign-out" })}
          >
            <LogOut aria-hidden="true" /> Déconnexion
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
