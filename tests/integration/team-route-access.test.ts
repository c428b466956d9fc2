/**
 * Issue 14's access rule, for every /team route: its loader and its action, asked by someone who is not signed
 * in, by a client and by a team member without two-factor sign-in, answer 404 (as an unknown address) or send to
 * the two-factor set-up; nothing runs. The list of routes comes from the route table, so a new console route is
 * tried without being added here.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { user } from "../../db/schema";
import routes from "~/routes";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import type { Browser } from "../setup/auth-client";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "../setup/sessions";
import { routeArgs } from "../setup/route-args";

const database = useTestDatabase();

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

/** Every route file under the console's layout, with its URL (parameters filled with 1). */
function consoleRoutes(): { url: string; file: string }[] {
  const found: { url: string; file: string }[] = [];
  const walk = (entries: RouteEntry[], prefix: string) => {
    for (const entry of entries) {
      const url = entry.path ? `${prefix}/${entry.path}` : prefix;
      if (entry.file.startsWith("routes/team/")) found.push({ url: url.replace(/:[a-zA-Z]+/g, "1"), file: entry.file });
      if (entry.children) walk(entry.children, url);
    }
  };
  walk(routes as unknown as RouteEntry[], "");
  return found;
}

let client: Browser;
let teamWithoutTwoFactor: Browser;

beforeAll(async () => {
  await database;
  client = (await signedInUser("Claire Client")).browser;
  const member = await signedInUser("Tom sans deux étapes");
  await database.db.update(user).set({ role: "team", twoFactorEnabled: false }).where(eq(user.id, member.user.id));
  teamWithoutTwoFactor = member.browser;
});

function request(url: string, who: Browser | null, method: "GET" | "POST") {
  const headers = new Headers({ origin: TEST_PUBLIC_URL, [CLIENT_IP_HEADER]: who?.ip ?? "198.51.100.7", "user-agent": "vitest" });
  if (who?.cookie) headers.set("cookie", who.cookie);
  if (method === "POST") headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(`${TEST_PUBLIC_URL}${url}`, {
    method,
    headers,
    body: method === "POST" ? new URLSearchParams({ intent: "handle", ids: "1" }) : undefined,
  });
}

/** What a loader or action answered, thrown or returned: its status, and where it sends. */
async function answer(run: () => unknown): Promise<{ status: number; location: string | null }> {
  try {
    const result = (await run()) as { init?: { status?: number } } | Response | null;
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
    return { status: result?.init?.status ?? 200, location: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return { status, location: null };
    throw thrown;
  }
}

describe("every console route refuses whoever is not the team, signed in with two factors", () => {
  const table = consoleRoutes();

  it("finds the console's routes in the route table", () => {
    expect(table.map((r) => r.url)).toEqual(
      expect.arrayContaining(["/team", "/team/inbox", "/team/inbox/1", "/team/work", "/team/accounts/1", "/team/audit"]),
    );
    expect(table.length).toBeGreaterThanOrEqual(12);
    // Every file of the console's folder is in the table (a route module forgotten there would not be tried).
    const files = fs.readdirSync(path.resolve("app/routes/team")).filter((f) => f.endsWith(".tsx"));
    expect(files.map((f) => `routes/team/${f}`).sort()).toEqual([...new Set(table.map((r) => r.file))].sort());
  });

  for (const { url, file } of consoleRoutes()) {
    it(`${url} (${file})`, async () => {
      const module = (await import(/* @vite-ignore */ `~/${file.replace(/\.tsx$/, "")}`)) as {
        loader?: (args: unknown) => unknown;
        action?: (args: unknown) => unknown;
      };
      const params = { itemId: "1", siteId: "1", userId: "1" };
      for (const [who, name] of [
        [null, "anonymous"],
        [client, "client"],
        [teamWithoutTwoFactor, "team without two-factor"],
      ] as const) {
        for (const [kind, fn, method] of [
          ["loader", module.loader, "GET"],
          ["action", module.action, "POST"],
        ] as const) {
          if (!fn) continue;
          const got = await answer(() => fn(routeArgs(request(url, who, method), params)));
          const label = `${name}: ${kind} of ${url}`;
          if (name === "team without two-factor") {
            // The set-up screen is theirs; everything else sends them to it (the layout's 404 never applies to them).
            if (file === "routes/team/two-factor.tsx" || file === "routes/team/layout.tsx") expect(got.status, label).not.toBe(404);
            else expect(got, label).toEqual({ status: 302, location: "/team/two-factor" });
          } else {
            expect(got, label).toEqual({ status: 404, location: null });
          }
        }
      }
    });
  }
});
