import { data, redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { callAuth } from "~/services/auth.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const result = await callAuth(request, "/sign-out");
  // The service ignores 401, 403 and 404 answers: the session is gone either way.
  if (!result.ok && ![401, 403, 404].includes(result.status)) {
    return data(
      { toast: { type: "error" as const, title: "Erreur", description: "Impossible de se déconnecter. Veuillez réessayer." } },
      { status: 500 },
    );
  }
  return redirectWithToast("/", { title: "Déconnecté", description: "Vous avez été déconnecté avec succès" }, { headers: result.headers });
}
