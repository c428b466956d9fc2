import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { sameSitePath } from "~/lib/same-site-path";
import { errorToast } from "~/lib/toast";
import { callAuth } from "~/services/auth.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loader() {
  return redirect("/");
}

/** Where the person was (the form's page), when it is a page of this site: a failed sign-out leaves them there. */
function comingFrom(request: Request): string {
  const referer = request.headers.get("referer");
  if (!referer) return "/";
  try {
    const url = new URL(referer);
    return url.origin === new URL(request.url).origin ? (sameSitePath(`${url.pathname}${url.search}`) ?? "/") : "/";
  } catch {
    return "/";
  }
}

/**
 * Posted as a document (the header's menus): the browser follows the answer to '/', where the flash cookie shows
 * 'Déconnecté'. A failure goes back to the page the person was on, with the reason.
 */
export async function action({ request }: Route.ActionArgs) {
  const result = await callAuth(request, "/sign-out");
  // The service ignores 401, 403 and 404 answers: the session is gone either way.
  if (!result.ok && ![401, 403, 404].includes(result.status)) {
    return redirectWithToast(comingFrom(request), errorToast("Impossible de se déconnecter. Veuillez réessayer.", "Erreur"));
  }
  return redirectWithToast("/", { title: "Déconnecté", description: "Vous avez été déconnecté avec succès" }, { headers: result.headers });
}
