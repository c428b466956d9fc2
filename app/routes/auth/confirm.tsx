import type { Route } from "./+types/confirm";
import { callAuth, clientIp } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { redirectWithToast } from "~/services/toast.server";

/** Target of the confirmation e-mail's link: confirms the address, then sends the person to sign in. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const result = token ? await callAuth(request, "/verify-email", { method: "GET", query: { token } }) : null;
  if (!result?.ok) {
    logger.info({ ip: clientIp(request), code: result?.code }, "e-mail confirmation refused");
    return redirectWithToast("/auth", {
      type: "error",
      title: "Erreur",
      description: "Ce lien de confirmation est invalide ou a expiré. Connectez-vous pour en recevoir un nouveau.",
    });
  }
  return redirectWithToast("/auth", { title: "Adresse e-mail confirmée", description: "Vous pouvez maintenant vous connecter." });
}
