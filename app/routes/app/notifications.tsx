import { Check, CheckCheck } from "lucide-react";
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/notifications";
import { NewerOlderPager } from "~/components/newer-older-pager";
import { NotificationLink, useOpenNotification } from "~/components/notifications/notification-line";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { BRAND_NAME } from "~/lib/constants";
import { formId } from "~/lib/form-id";
import { listHref, pageParam, parseListQuery } from "~/lib/list-query";
import { BELL_LIST_SIZE, NOTIFICATIONS_PAGE_SIZE } from "~/lib/notifications";
import { sameSitePath } from "~/lib/same-site-path";
import { errorToast, successToast } from "~/lib/toast";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "~/models/notification.server";
import { requireUser, type SessionUser } from "~/services/auth.server";
import { intentOf, reply, runIntent } from "~/services/route-action.server";

export const meta: Route.MetaFunction = () => [{ title: `Notifications – ${BRAND_NAME}` }];

const querySchema = z.object({ page: pageParam });

/**
 * The person's notifications, newest first, a page at a time (`?page=`). `?bell` answers the bell's list: the
 * newest few and the unread count (components/header-account.tsx loads it when the bell opens).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const params = url.searchParams;
  if (params.has("bell")) {
    const { lines, total, unread } = await listNotifications(user, { limit: BELL_LIST_SIZE });
    return { lines, total, unread, page: 1 };
  }
  const { page } = parseListQuery(querySchema, params);
  const { lines, total, unread } = await listNotifications(user, {
    limit: NOTIFICATIONS_PAGE_SIZE,
    offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE,
  });
  return { lines, total, unread, page };
}

type Ctx = { request: Request; user: SessionUser; form: FormData };

const GONE = "Cette notification n'existe pas.";
/** A line's intent without a notification id the form could carry: only a changed page posts that. */
const CHOOSE_AGAIN = "Rechargez la page, puis choisissez de nouveau la notification.";

/** A path of this site only (never another origin): where an opened notification leads. */
const localPath = (value: FormDataEntryValue | null) => sameSitePath(value) ?? "/notifications";

const INTENTS = {
  /** Marks one read. */
  read: async ({ user, form }: Ctx) => {
    const id = formId(form, "id");
    if (id === null) return reply({ ok: false, intent: "read", toast: errorToast(CHOOSE_AGAIN, "Erreur") });
    return (await markNotificationRead(user, id))
      ? reply({ ok: true, intent: "read" })
      : reply({ ok: false, intent: "read", toast: errorToast(GONE, "Erreur") }, 404);
  },
  /** Marks one read and goes where it leads (a click on the line): there all the same when it cannot be marked. */
  open: async ({ user, form }: Ctx) => {
    const id = formId(form, "id");
    if (id !== null) await markNotificationRead(user, id);
    throw redirect(localPath(form.get("to")));
  },
  /** Marks every unread one read. */
  "read-all": async ({ user }: Ctx) => {
    const count = await markAllNotificationsRead(user);
    return reply({
      ok: true,
      intent: "read-all",
      toast: successToast(count ? "Toutes les notifications sont lues" : "Aucune notification non lue"),
    });
  },
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, toast: errorToast("Action inconnue.", "Erreur") });
  return runIntent(
    INTENTS,
    intent,
    { request, user, form },
    { failed: () => reply({ ok: false, toast: errorToast("L'action a échoué, réessayez.", "Erreur") }, 500) },
  );
}

export default function Notifications({ loaderData: { lines, total, unread, page } }: Route.ComponentProps) {
  const pages = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE));
  const readAll = useToastFetcher<typeof action>();
  const open = useOpenNotification();
  const busy = readAll.state !== "idle";
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Notifications"
        description={total === 0 ? undefined : unread === 0 ? "Tout est lu." : unread === 1 ? "1 non lue." : `${unread} non lues.`}
        actions={
          unread > 0 ? (
            <readAll.Form method="post" action="/notifications">
              <input type="hidden" name="intent" value="read-all" />
              <Button type="submit" variant="outline" size="sm" disabled={busy}>
                <CheckCheck aria-hidden="true" /> Tout marquer comme lu
              </Button>
            </readAll.Form>
          ) : null
        }
      />
      <Card className="py-2">
        <CardContent className="px-2">
          {lines.length === 0 ? (
            <p className="px-2 py-8 text-center text-sm text-muted-foreground">
              {total === 0
                ? "Aucune notification pour le moment. Vous serez prévenu ici quand un article sera prêt."
                : "Plus rien sur cette page."}
            </p>
          ) : (
            <ul className="divide-y">
              {lines.map((line) => (
                <li key={line.id} className="flex items-center gap-2 py-1">
                  <NotificationLink line={line} onOpen={open} className="flex-1" />
                  {line.read ? null : <MarkRead id={line.id} />}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <div className="mt-4">
        <NewerOlderPager page={page} pages={pages} href={(p) => listHref("/notifications", { page: p })} label="Pages des notifications" />
      </div>
    </div>
  );
}

/** The button that marks one line read, without leaving the list. */
function MarkRead({ id }: { id: number }) {
  const fetcher = useToastFetcher<typeof action>();
  return (
    <fetcher.Form method="post" action="/notifications">
      <input type="hidden" name="intent" value="read" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="ghost" size="sm" disabled={fetcher.state !== "idle"} className="text-xs" aria-label="Marquer comme lu">
        <Check aria-hidden="true" />
        <span className="hidden sm:inline">Marquer comme lu</span>
      </Button>
    </fetcher.Form>
  );
}
