import type { Route } from "./+types/auth";
import { getAuth } from "~/services/auth.server";

/** better-auth's own endpoints (session, sign-in, ...), for clients that call them directly. */
async function handle(request: Request) {
  const auth = await getAuth();
  return auth.handler(request);
}

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
