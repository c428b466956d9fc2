/**
 * The signed-in part of the header (bell and avatar menu). Loaded lazily by header.tsx, so that the
 * public pages, which visitors read signed out, never download the menu's code.
 */
import { LogOut, Settings, User } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
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
import { leaveTheApp } from "~/lib/leaving";

export default function SignedIn({ user, unread }: { user: HeaderUser; unread: number }) {
  // Signing out leaves the app: the form is posted as a document, which the browser follows to '/' with the
  // 'Déconnecté' notice. As a fetcher, the app went on running after the session ended: a screen's data read
  // again in the meantime (its queued work polled, say) was answered 'sign in', and that navigation to /auth
  // took the notice and the landing page from the sign-out (issue 37).
  const signOutForm = useRef<HTMLFormElement>(null);
  const [signingOut, setSigningOut] = useState(false);

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
            disabled={signingOut}
            onSelect={() => {
              setSigningOut(true);
              leaveTheApp();
              signOutForm.current?.submit();
            }}
          >
            <LogOut aria-hidden="true" /> Déconnexion
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <form ref={signOutForm} method="post" action="/auth/sign-out" hidden />
    </>
  );
}
