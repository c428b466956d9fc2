import { redirect } from "react-router";
import type { Route } from "./+types/to-auth";

/** /login and /signup: the auth screen has both, on the 'Connexion' and the 'Inscription' tab. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(/^\/signup\/?$/.test(new URL(request.url).pathname) ? "/auth?tab=signup" : "/auth");
}
