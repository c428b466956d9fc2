/**
 * The header's bell (issue 16): the number of unread notifications, and under it the newest few, each leading
 * to its page (marked read on the way), "mark all read" and the way to the full list. The number comes from the
 * root loader, read again after every navigation and action (which also reads the notifications of the screen
 * reached, issue 38); the list, with the number, is asked for when the bell opens and every time the person comes
 * back to the tab. The newer answer of the two is shown. Nothing polls.
 */
import { useEffect, useState } from "react";
import { Link, useFetcher, useRouteLoaderData } from "react-router";
import { BellWithBadge, bellLabel } from "~/components/header-account-parts";
import { NotificationLink, useOpenNotification } from "~/components/notifications/notification-line";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Spinner } from "~/components/ui/spinner";
import { isLeavingTheApp } from "~/lib/leaving";
import type { NotificationLine } from "~/lib/notifications";

/** What /notifications?bell answers. */
type BellList = { lines: NotificationLine[]; unread: number };

export function NotificationBell({ unread: loaded }: { unread: number }) {
  const list = useFetcher<BellList>({ key: "notification-bell" });
  const readAll = useFetcher({ key: "notification-bell-read-all" });
  const open = useOpenNotification();
  // Each answer of the root loader is a new object, even when it counts the same as before: how the bell knows
  // that the root's number is newer than the list's (a screen reached after the list came, say, from 1 to 0 again).
  const rootAnswer = useRouteLoaderData("root");
  // The newer number: the root loader's, or the list's when it came later (state adjusted while rendering, when
  // either answer changes: React's way of keeping the last of two sources).
  const [unread, setUnread] = useState(loaded);
  const [seen, setSeen] = useState({ rootAnswer, list: list.data });
  if (seen.rootAnswer !== rootAnswer || seen.list !== list.data) {
    setSeen({ rootAnswer, list: list.data });
    setUnread(seen.list !== list.data && list.data ? list.data.unread : loaded);
  }

  // The tab coming back into view asks for the number again, every time (one indexed count and the newest lines).
  const { load } = list;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== "visible" || isLeavingTheApp()) return;
      void load("/notifications?bell");
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [load]);

  // After "mark all read" the list is asked for again (the root loader's number follows by itself).
  useEffect(() => {
    if (readAll.state === "idle" && readAll.data) void load("/notifications?bell");
  }, [readAll.state, readAll.data, load]);

  const lines = list.data?.lines;
  return (
    // Not modal: the rest of the page stays reachable (and is not hidden from screen readers) while the list is open.
    <DropdownMenu modal={false} onOpenChange={(isOpen) => (isOpen ? void load("/notifications?bell") : undefined)}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={bellLabel(unread)}>
          <BellWithBadge unread={unread} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-1">
        <div className="flex items-center justify-between gap-2 px-2 py-1.5">
          <p className="text-sm font-semibold">Notifications</p>
          {unread > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs"
              disabled={readAll.state !== "idle"}
              onClick={() => void readAll.submit({ intent: "read-all" }, { method: "post", action: "/notifications" })}
            >
              Tout marquer comme lu
            </Button>
          ) : null}
        </div>
        <DropdownMenuSeparator />
        {lines === undefined ? (
          <p role="status" className="flex items-center justify-center gap-2 px-2 py-6 text-sm text-muted-foreground">
            <Spinner /> Chargement...
          </p>
        ) : lines.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-muted-foreground">Aucune notification pour le moment.</p>
        ) : (
          <div className="max-h-[min(24rem,60vh)] overflow-y-auto">
            {lines.map((line) => (
              <DropdownMenuItem key={line.id} asChild>
                <NotificationLink line={line} onOpen={open} className="items-start py-2" />
              </DropdownMenuItem>
            ))}
          </div>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild className="justify-center text-sm text-primary">
          <Link to="/notifications">Voir toutes les notifications</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
