import { redirect } from "react-router";
import type { Route } from "./+types/stop-impersonating";
import { stopImpersonation } from "~/models/team-users.server";
import { redirectWithToast } from "~/services/toast.server";

/** Nothing to show: the way back is a form's POST (the impersonation bar's). */
export function loader() {
  return redirect("/sites");
}

/**
 * The impersonation bar's "Revenir à mon compte" (issue 14): ends the session opened as the client and brings
 * back the admin's own (better-auth's stop-impersonating), then the console's page of that account.
 */
export async function action({ request }: Route.ActionArgs) {
  const stopped = await stopImpersonation(request);
  if (!stopped) return redirect("/sites");
  return redirectWithToast(
    `/team/accounts/${encodeURIComponent(stopped.userId)}`,
    { title: "Retour à votre compte", description: "La session du client est fermée." },
    { headers: stopped.headers },
  );
}
