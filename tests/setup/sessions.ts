/**
 * Signed-in users for tests of route actions and loaders that are not about signing in: a confirmed user
 * and a session made by better-auth's own test utilities (`testUtils` of better-auth/plugins) over the
 * app's auth context, so the session row and the signed cookie are better-auth's. The tests of the account
 * screens go through sign-up, the e-mail and sign-in instead (accounts.ts).
 */
import { testUtils } from "better-auth/plugins";
import { getAuth } from "~/services/auth.server";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { browser, type Browser } from "./auth-client";
import { TEST_PUBLIC_URL } from "./constants";
import { uniqueEmail, type TestUser } from "./factories";

type PluginContext = Parameters<ReturnType<typeof testUtils>["init"]>[0];

/** A confirmed user, and a browser holding a session of theirs (its cookie in the jar). */
export async function signedInUser(name = "Camille Dupont"): Promise<{ user: TestUser; browser: Browser }> {
  const context = await (await getAuth()).$context;
  const helpers = testUtils().init(context as unknown as PluginContext).context.test;
  const user = await helpers.saveUser(helpers.createUser({ email: uniqueEmail(), name, emailVerified: true }));
  const cookie = (await helpers.getAuthHeaders({ userId: user.id })).get("cookie");
  if (!cookie) throw new Error("better-auth's test utilities gave no session cookie");
  const b = browser();
  b.keep(new Headers([["set-cookie", cookie]]));
  return { user: { id: user.id, email: user.email, name: user.name }, browser: b };
}

/** A multipart form post from the browser (what a fetcher sends with a file input), with its cookies. */
export function multipartPost(b: Browser, path: string, fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const headers = new Headers({ origin: TEST_PUBLIC_URL, [CLIENT_IP_HEADER]: b.ip, "user-agent": "vitest" });
  if (b.cookie) headers.set("cookie", b.cookie);
  return new Request(`${TEST_PUBLIC_URL}${path}`, { method: "POST", headers, body });
}
