/**
 * What both account menus of the header share: the scripted one (header-account.tsx, with the bell of
 * notifications/notification-bell.tsx) and the static one (header-account-static.tsx). They live here, in a module
 * that imports neither, so that no menu imports the other (issue 37: the three modules imported each other).
 */
import { Bell } from "lucide-react";
import { badgeText } from "~/lib/notifications";

/** The signed-in person as the header shows them. */
export type HeaderUser = { name: string; email: string; image: string | null };

/** What the bell says to a screen reader: its name and the exact number of unread notifications. */
export const bellLabel = (unread: number) => `Notifications (${unread})`;

/** The bell and its badge (none when everything is read), inside the header's notifications button. */
export function BellWithBadge({ unread }: { unread: number }) {
  return (
    <>
      <Bell aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="bell-badge"
          className="absolute top-1 right-1 grid min-w-4 place-items-center rounded-full bg-destructive px-1 text-[10px] leading-4 font-semibold text-white"
        >
          {badgeText(unread)}
        </span>
      ) : null}
    </>
  );
}
