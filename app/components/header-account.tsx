/**
 * The signed-in part of the header (bell and avatar menu). Loaded lazily by header.tsx, so that the
 * public pages, which visitors read signed out, never download the menu's code.
 */
import { LogOut, Settings, User } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import type { HeaderUser } from "~/components/header-account-parts";
import { NotificationBell } from "~/components/notifications/notification-bell";
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
import { notify } from "~/lib/notify";
import type { Toast } from "~/lib/toast";

export default function SignedIn({ user, unread }: { user: HeaderUser; unread: number }) {
  const signOut = useFetcher<{ toast?: Toast }>({ key: "sign-out" });
  useEffect(() => {
    if (signOut.state === "idle" && signOut.data?.toast) notify(signOut.data.toast);
  }, [signOut.state, signOut.data]);

  return (
    <>
      <NotificationBell unread={unread} />
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
