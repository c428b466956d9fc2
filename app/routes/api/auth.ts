import type { Route } from "./+types/auth";
import { getAuth } from "~/services/auth.server";
import { logRefused } from "~/services/route-action.server";

/**
 * The admin plugin's endpoints are the console's, which calls them from the server through its models (they check
 * the console's rules and write the audit log): to a browser they are unknown addresses (issue 37).
 */
const CONSOLE_ONLY = /^\/api\/auth\/admin(?:\/|$)/i;

/** better-auth's own endpoints (session, sign-in, ...), for clients that call them directly. */
async function handle(request: Request) {
  const { pathname } = new URL(request.url);
  if (CONSOLE_ONLY.test(decodeURIComponent(pathname).replace(/\/{2,}/g, "/"))) {
    logRefused(request, { kind: "admin endpoint" });
    // What better-auth answers for an endpoint it does not have.
    return new Response(null, { status: 404 });
  }
  const auth = await getAuth();
  return auth.handler(request);
}

export const loader = ({ request }: Route.LoaderArgs) => handle(request);
export const action = ({ request }: Route.ActionArgs) => handle(request);
