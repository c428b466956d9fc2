/**
 * Issue 37, item 2 (ASVS 7.4.3): sessions do not outlive the step that should have ended them. The console
 * used to check the account's `twoFactorEnabled` flag, not whether the session passed the second factor: an
 * account promoted to the team kept its password-only sessions, and once two-factor sign-in was turned on in
 * one of them, the others reached the whole console. Now a session reaches the console only if it was opened
 * with the second factor; promoting an account, changing its role and turning two-factor sign-in on or off end
 * its other sessions (a password reset already does). Everything here goes through the HTTP surface: the
 * console's loaders and better-auth's own router (/api/auth/...), with browsers' cookies.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { session, user } from "../../db/schema";
import { teamSetRole } from "~/models/team-users.server";
import { loader as accountsLoader } from "~/routes/team/accounts";
import { addTeamAccount } from "~/services/team-accounts.server";
import { getAuth, type TeamMember } from "~/services/auth.server";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { browser, type Browser } from "../setup/auth-client";
import { confirmedAccount, PASSWORD, runRoute, signedInBrowser, whoIs } from "../setup/accounts";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { authApiCall as api, signInWithCode, teamMemberWithSecondFactor, turnOnTwoFactor } from "../setup/team";

const database = useTestDatabase();

let admin: { member: TeamMember; browser: Browser };

beforeAll(async () => {
  await database;
  admin = await teamMemberWithSecondFactor("admin", "Ada Admin");
});

const userId = async (email: string) => (await database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

/** GET /team/accounts(.data) as this browser: 200 when the console opens, else the refusal's status and where it sends. */
async function consoleAnswer(b: Browser): Promise<{ status: number; location: string | null }> {
  const request = new Request(`${TEST_PUBLIC_URL}/team/accounts.data`, { headers: { cookie: b.cookie, [CLIENT_IP_HEADER]: b.ip } });
  try {
    const answer = await runRoute(accountsLoader, request);
    return { status: answer.status, location: answer.headers.get("location") };
  } catch (thrown) {
    return { status: (thrown as { init?: { status?: number } }).init?.status ?? 500, location: null };
  }
}

describe("a session reaches the console only if it was opened with the second factor", () => {
  it("refuses a password-only session of an account whose two-factor sign-in is on, and signs it out", async () => {
    const { email } = await confirmedAccount();
    await database.db
      .update(user)
      .set({ role: "team" })
      .where(eq(user.id, await userId(email)));
    const setUp = await signedInBrowser(email);
    const key = await turnOnTwoFactor(setUp);
    expect(await consoleAnswer(setUp)).toMatchObject({ status: 200 });

    // A session that did not pass the second factor (one opened before this rule, say): never the console.
    const helpers = (await getAuth()).$context;
    const stale = browser();
    const { testUtils } = await import("better-auth/plugins");
    const test = testUtils().init((await helpers) as never).context.test;
    stale.keep(new Headers([["set-cookie", (await test.getAuthHeaders({ userId: await userId(email) })).get("cookie")!]]));
    expect(await whoIs(stale)).toMatchObject({ email });
    const refused = await consoleAnswer(stale);
    expect(refused.status).not.toBe(200);
    expect(refused.location).toBe("/auth");
    expect(await whoIs(stale)).toBeNull();

    // Signing in again with the app's code opens one that does.
    const again = browser();
    await signInWithCode(again, email, key);
    expect(await consoleAnswer(again)).toMatchObject({ status: 200 });
  });
});

describe("the steps that change how an account signs in end its other sessions", () => {
  it("promoting an account from the console ends every session it had", async () => {
    const { email } = await confirmedAccount();
    const [a, b] = [await signedInBrowser(email), await signedInBrowser(email)];
    const request = new Request(`${TEST_PUBLIC_URL}/team/accounts`, {
      method: "POST",
      headers: { origin: TEST_PUBLIC_URL, cookie: admin.browser.cookie, [CLIENT_IP_HEADER]: admin.browser.ip },
    });
    await teamSetRole(admin.member, request, await userId(email), "team");
    expect(await whoIs(a)).toBeNull();
    expect(await whoIs(b)).toBeNull();
  });

  it("`npm run team:add` on an existing account ends every session it had", async () => {
    const { email } = await confirmedAccount();
    const a = await signedInBrowser(email);
    const result = await addTeamAccount({ email, role: "team" });
    expect(result).toMatchObject({ created: false, sessionsEnded: 1 });
    expect(await whoIs(a)).toBeNull();
  });

  it("turning two-factor sign-in on, then off, ends the account's other sessions and keeps the one that did it", async () => {
    const { email } = await confirmedAccount();
    await database.db
      .update(user)
      .set({ role: "team" })
      .where(eq(user.id, await userId(email)));
    const [here, elsewhere] = [await signedInBrowser(email), await signedInBrowser(email)];
    const key = await turnOnTwoFactor(here);
    expect(await whoIs(here)).toMatchObject({ email });
    expect(await whoIs(elsewhere)).toBeNull();
    // The other browser was the way in once the flag was on (GET /team/accounts.data answered 200).
    expect((await consoleAnswer(elsewhere)).status).not.toBe(200);

    // Signed in again elsewhere (password and code), then turned off here: the other session ends.
    const other = browser();
    await signInWithCode(other, email, key);
    expect(await whoIs(other)).toMatchObject({ email });
    expect((await api(here, "/two-factor/disable", { password: PASSWORD })).status).toBe(200);
    expect(await whoIs(here)).toMatchObject({ email });
    expect(await whoIs(other)).toBeNull();
    const left = await database.db
      .select({ id: session.id })
      .from(session)
      .where(eq(session.userId, await userId(email)));
    expect(left).toHaveLength(1);
  });

  it("a client's own sign-in with its code keeps its other sessions (only turning the factor on or off ends them)", async () => {
    const { email } = await confirmedAccount();
    const here = await signedInBrowser(email);
    const key = await turnOnTwoFactor(here);
    const other = browser();
    await signInWithCode(other, email, key);
    expect(await whoIs(here)).toMatchObject({ email });
    expect(await whoIs(other)).toMatchObject({ email });
  });
});
