import { redirect } from "react-router";
import type { Route } from "./+types/to-auth";

/** /login and /signup: the auth screen has both, on the 'Connexion' and the 'Inscription' tab. */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(/^\/signup\/?$/.test(url.pathname) ? "/auth?tab=signup" : "/auth");
}
