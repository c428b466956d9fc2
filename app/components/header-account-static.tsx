import { LogOut, Settings, User } from "lucide-react";
import { BellWithBadge, bellLabel, type HeaderUser } from "~/components/header-account-parts";
import { initials } from "~/lib/user";

const ITEM =
  "flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent [&_svg]:size-4 [&_svg]:text-muted-foreground";

/**
 * The signed-in part of the header on a static page (no scripts): the bell, and the account menu as a
 * disclosure (`<details>`) whose items are plain links and the sign-out form, posted as a document.
 */
export function StaticAccountMenu({ user, unread }: { user: HeaderUser; unread: number }) {
  return (
    <>
      <a
        href="/notifications"
        className="relative grid size-9 place-items-center rounded-md hover:bg-accent [&_svg]:size-4"
        aria-label={bellLabel(unread)}
      >
        <BellWithBadge unread={unread} />
      </a>
      <details className="group relative">
        <summary
          aria-label="Menu du compte"
          className="grid size-10 cursor-pointer list-none place-items-center rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden"
        >
          {user.image ? (
            <img src={user.image} alt="" className="size-9 rounded-full object-cover" />
          ) : (
            <span className="grid size-9 place-items-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
              {initials(user.name, user.email)}
            </span>
          )}
        </summary>
        <div className="absolute right-0 z-50 mt-1 w-60 rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
          <div className="px-2 py-1.5">
            <p className="truncate text-sm font-medium">{user.name || user.email}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
          <div className="-mx-1 my-1 h-px bg-border" />
          <a href="/profile" className={ITEM}>
            <User aria-hidden="true" /> Profil
          </a>
          <a href="/settings" className={ITEM}>
            <Settings aria-hidden="true" /> Paramètres
          </a>
          <div className="-mx-1 my-1 h-px bg-border" />
          <form method="post" action="/auth/sign-out">
            <button type="submit" className={ITEM}>
              <LogOut aria-hidden="true" /> Déconnexion
            </button>
          </form>
        </div>
      </details>
    </>
  );
}
