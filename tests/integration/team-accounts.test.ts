/**
 * Issue 14, who is who: `npm run team:add` makes team accounts (addTeamAccount), and requireTeamMember lets only
 * a team member signed in with two-factor into the console; anyone else gets the same 404 as an unknown address.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../db/schema";
import { action as updatePassword } from "~/routes/auth/update-password";
import { requireTeamMember } from "~/services/auth.server";
import { CLIENT_IP_HEADER } from "~/services/client-ip";
import { addTeamAccount } from "~/services/team-accounts.server";
import { browser, type Browser } from "../setup/auth-client";
import { confirmedAccount, formPost, PASSWORD, runRoute, signedInBrowser } from "../setup/accounts";
import { TEST_PUBLIC_URL } from "../setup/constants";
import { useTestDatabase } from "../setup/database";
import { uniqueEmail } from "../setup/factories";
import { linkTo, mailsTo, waitForMail } from "../setup/outbox";
import { turnOnTwoFactor } from "../setup/team";

const database = useTestDatabase();

const consoleRequest = (b?: Browser) =>
  new Request(`${TEST_PUBLIC_URL}/team`, { headers: b ? { cookie: b.cookie, [CLIENT_IP_HEADER]: b.ip } : {} });

/** What requireTeamMember answers: the member, or the status and location of what it threw. */
async function guard(b?: Browser, options?: { twoFactorSetUp?: boolean }) {
  try {
    return { member: await requireTeamMember(consoleRequest(b), options) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    const answer = thrown as { init?: { status?: number }; type?: string };
    if (answer?.type === "DataWithResponseInit") return { status: answer.init?.status };
    throw thrown;
  }
}

async function setTwoFactor(email: string, on: boolean) {
  const { db } = await database;
  await db.update(user).set({ twoFactorEnabled: on }).where(eq(user.email, email));
}

describe("npm run team:add (addTeamAccount)", () => {
  it("makes a new account with a confirmed address and no password, and e-mails a link to choose one", async () => {
    const email = uniqueEmail();
    const result = await addTeamAccount({ email: email.toUpperCase(), role: "admin" });
    expect(result).toMatchObject({ created: true, previousRole: null });
    const mail = await waitForMail(email);
    expect(mail.subject).toMatch(/^Votre compte équipe /);
    expect(mail.text).toContain("administrateur de l'équipe");
    const token = linkTo(mail, "/auth/update-password").searchParams.get("token")!;

    // No password yet: nobody can sign in with one.
    expect((await browser().call("/sign-in/email", { body: { email, password: PASSWORD } })).status).toBe(401);
    // The link sets it, and signs the person in.
    const b = browser();
    const answer = await runRoute(
      updatePassword as never,
      formPost(b, "/auth/update-password", { token, password: PASSWORD, confirmPassword: PASSWORD }),
    );
    expect(answer.status).toBe(302);
    b.keep(answer.headers);
    // Signed in as an admin, without two-factor yet: only the set-up screen.
    expect(await guard(b)).toEqual({ status: 302, location: "/team/two-factor" });
    expect(await guard(b, { twoFactorSetUp: false })).toMatchObject({ member: { email, role: "admin" } });
  });

  it("promotes an existing client, keeping the password: signed in again, it sets up two-factor sign-in, then opens the console", async () => {
    const { email } = await confirmedAccount();
    const before = (await mailsTo(email)).length;
    expect(await addTeamAccount({ email, role: "team" })).toMatchObject({ created: false, previousRole: "client" });
    await waitForMail(email, { count: before + 1 });
    const b = await signedInBrowser(email);
    expect(await guard(b)).toEqual({ status: 302, location: "/team/two-factor" });
    await turnOnTwoFactor(b);
    expect(await guard(b)).toMatchObject({ member: { email, role: "team" } });
  });

  it("refuses an invalid address or role", async () => {
    await expect(addTeamAccount({ email: "not an address", role: "team" })).rejects.toThrow();
    await expect(addTeamAccount({ email: uniqueEmail(), role: "owner" as never })).rejects.toThrow();
  });
});

describe("requireTeamMember", () => {
  it("answers 404 to a visitor and to a client, even one with two-factor on", async () => {
    expect(await guard()).toEqual({ status: 404 });
    const { email } = await confirmedAccount();
    const client = await signedInBrowser(email);
    expect(await guard(client)).toEqual({ status: 404 });
    expect(await guard(client, { twoFactorSetUp: false })).toEqual({ status: 404 });
    await setTwoFactor(email, true);
    expect(await guard(client)).toEqual({ status: 404 });
  });
});

describe("better-auth's admin endpoints (the console's API, issue 37)", () => {
  const listUsers = (b: Browser) => b.call("/admin/list-users", { method: "GET", query: { limit: "5" } });

  it("answer nothing the console does not offer (listing accounts, setting passwords...), whoever asks", async () => {
    const { email } = await confirmedAccount();
    await addTeamAccount({ email, role: "admin" });
    const admin = await signedInBrowser(email);
    await turnOnTwoFactor(admin);
    const { db } = await database;
    const [self] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    // What the console offers is answered (an unban of an account that is not banned does nothing); the rest is not there.
    expect((await admin.call("/admin/unban-user", { body: { userId: self!.id } })).status).toBe(200);
    expect((await listUsers(admin)).status).toBe(404);
    for (const [endpoint, body] of [
      ["/admin/set-user-password", { userId: self!.id, newPassword: "a new password of mine" }],
      ["/admin/create-user", { email: uniqueEmail(), password: PASSWORD, name: "X", role: "admin" }],
      ["/admin/remove-user", { userId: self!.id }],
      ["/admin/revoke-user-sessions", { userId: self!.id }],
      ["/admin/update-user", { userId: self!.id, data: { role: "admin" } }],
    ] as const)
      expect((await admin.call(endpoint, { body })).status, endpoint).toBe(404);
  });

  it("answer a team member only in a session opened with the second factor, and never a client", async () => {
    const { email } = await confirmedAccount();
    await addTeamAccount({ email, role: "admin" });
    const admin = await signedInBrowser(email);
    const { email: clientEmail } = await confirmedAccount();
    const { db } = await database;
    const [target] = await db.select({ id: user.id }).from(user).where(eq(user.email, clientEmail));
    const ban = (b: Browser) => b.call("/admin/ban-user", { body: { userId: target!.id } });
    expect((await ban(admin)).status).toBe(403);
    // The flag alone (a session opened before it was on) is not the second factor.
    await setTwoFactor(email, true);
    expect((await ban(admin)).status).toBe(403);
    await setTwoFactor(email, false);
    await turnOnTwoFactor(admin);
    expect((await admin.call("/admin/unban-user", { body: { userId: target!.id } })).status).toBe(200);

    const client = await signedInBrowser(clientEmail);
    expect((await ban(client)).status).toBe(403);
    expect((await ban(browser())).status).toBe(403);
    const [after] = await db.select({ banned: user.banned }).from(user).where(eq(user.id, target!.id));
    expect(after?.banned).not.toBe(true);
  });

  it("leave roles, bans and impersonation to admins", async () => {
    const { email } = await confirmedAccount();
    await addTeamAccount({ email, role: "team" });
    const member = await signedInBrowser(email);
    await turnOnTwoFactor(member);
    const { email: clientEmail } = await confirmedAccount();
    const { db } = await database;
    const [target] = await db.select({ id: user.id }).from(user).where(eq(user.email, clientEmail));
    for (const [endpoint, body] of [
      ["/admin/set-role", { userId: target!.id, role: "admin" }],
      ["/admin/ban-user", { userId: target!.id }],
      ["/admin/impersonate-user", { userId: target!.id }],
    ] as const) {
      // Refused by the plugin's role check (401 or 403).
      expect([401, 403], endpoint).toContain((await member.call(endpoint, { body })).status);
    }
    const [after] = await db.select({ role: user.role, banned: user.banned }).from(user).where(eq(user.id, target!.id));
    expect(after).toEqual({ role: "client", banned: false });
  });
});
