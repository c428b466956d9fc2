/**
 * Trust issue, item 6: changing the password. From a signed-in session it takes the current password
 * (rate-limited like sign-in) and ends every other session; through a reset link it takes only the token
 * and ends every session. Both through the /auth/update-password form and better-auth's own endpoint.
 */
import { describe, expect, it } from "vitest";
import { action as updatePassword } from "~/routes/auth/update-password";
import { browser, elsewhere, type Browser } from "../setup/auth-client";
import { confirmedAccount, formPost, PASSWORD, runRoute, signedInBrowser, whoIs } from "../setup/accounts";
import { useTestDatabase } from "../setup/database";
import { linkTo, mailsTo, waitForMail } from "../setup/outbox";

useTestDatabase();

const NEW_PASSWORD = "a brand new passphrase";

const submit = (b: Browser, fields: Record<string, string>) =>
  runRoute(updatePassword as never, formPost(b, "/auth/update-password", { confirmPassword: fields.password, ...fields }));

async function canSignIn(email: string, password: string) {
  return (await browser().call("/sign-in/email", { body: { email, password } })).status === 200;
}

describe("changing the password from a signed-in session", () => {
  it("refuses without the current password, and changes nothing", async () => {
    const { email } = await confirmedAccount();
    const b = await signedInBrowser(email);
    const answer = await submit(b, { password: NEW_PASSWORD });
    expect(answer.status).toBe(400);
    // The field's own message, in conform's answer (shown under the field).
    expect(answer.body.result.error.currentPassword).toEqual(["Le mot de passe actuel est requis"]);
    expect(await canSignIn(email, PASSWORD)).toBe(true);
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(false);
  });

  it("refuses a wrong current password with a clear French error, and changes nothing", async () => {
    const { email } = await confirmedAccount();
    const b = await signedInBrowser(email);
    const other = await signedInBrowser(email);
    const answer = await submit(b, { currentPassword: "not my password", password: NEW_PASSWORD });
    expect(answer.status).toBe(400);
    expect(answer.body.toast.description).toBe("Le mot de passe actuel est incorrect.");
    expect(answer.body.result.error.currentPassword).toEqual(["Le mot de passe actuel est incorrect."]);
    // No password is sent back.
    for (const secret of ["not my password", NEW_PASSWORD]) expect(JSON.stringify(answer.body)).not.toContain(secret);
    expect(await canSignIn(email, PASSWORD)).toBe(true);
    expect(await whoIs(other)).toMatchObject({ email });
    expect(await whoIs(b)).toMatchObject({ email });
  });

  it("with the right current password: sets the new one, keeps this browser signed in and ends every other session", async () => {
    const { email } = await confirmedAccount();
    const b = await signedInBrowser(email);
    const other = await signedInBrowser(email);
    const answer = await submit(b, { currentPassword: PASSWORD, password: NEW_PASSWORD });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/dashboard");
    b.keep(answer.headers);
    expect(await whoIs(b)).toMatchObject({ email });
    expect(await whoIs(other)).toBeNull();
    expect(await canSignIn(email, PASSWORD)).toBe(false);
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);
  });

  it("is rate-limited: after 10 wrong current passwords even the right one waits", async () => {
    const { email } = await confirmedAccount();
    const b = await signedInBrowser(email);
    const statuses: number[] = [];
    // From several addresses, so that only the limit per account can answer 429.
    for (let i = 0; i < 11; i++) {
      statuses.push((await submit(elsewhere(b), { currentPassword: `wrong ${i}`, password: NEW_PASSWORD })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    const limited = await submit(elsewhere(b), { currentPassword: PASSWORD, password: NEW_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.toast.description).toMatch(/^Trop de tentatives\. Réessayez dans \d+ minutes?\.$/);
    expect(await canSignIn(email, PASSWORD)).toBe(true);
  });

  it("better-auth's own endpoint also needs the current password and ends the other sessions", async () => {
    const { email } = await confirmedAccount();
    const b = await signedInBrowser(email);
    const other = await signedInBrowser(email);
    const without = await b.call("/change-password", { body: { newPassword: NEW_PASSWORD } });
    expect(without.ok).toBe(false);
    // Asking to keep the other sessions is not honoured.
    const changed = await b.call("/change-password", {
      body: { newPassword: NEW_PASSWORD, currentPassword: PASSWORD, revokeOtherSessions: false },
    });
    expect(changed.status).toBe(200);
    expect(await whoIs(b)).toMatchObject({ email });
    expect(await whoIs(other)).toBeNull();
  });
});

describe("changing the password through a reset link", () => {
  it("needs only the token, and ends every earlier session", async () => {
    const { email } = await confirmedAccount();
    const earlier = await signedInBrowser(email);
    const before = (await mailsTo(email)).length;
    expect((await browser().call("/request-password-reset", { body: { email } })).status).toBe(200);
    const token = linkTo(await waitForMail(email, { count: before + 1 }), "/auth/update-password").searchParams.get("token")!;

    const visitor = browser();
    const answer = await submit(visitor, { token, password: NEW_PASSWORD });
    expect(answer.status).toBe(302);
    expect(await whoIs(earlier)).toBeNull();
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);
    // The person who chose the password is signed in.
    visitor.keep(answer.headers);
    expect(await whoIs(visitor)).toMatchObject({ email });
  });

  it("a signed-in person following a reset link needs no current password, and their own session ends too", async () => {
    const { email } = await confirmedAccount();
    const b = await signedInBrowser(email);
    const before = (await mailsTo(email)).length;
    expect((await browser().call("/request-password-reset", { body: { email } })).status).toBe(200);
    const token = linkTo(await waitForMail(email, { count: before + 1 }), "/auth/update-password").searchParams.get("token")!;
    const earlierSession = elsewhere(b);
    const answer = await submit(b, { token, password: NEW_PASSWORD });
    expect(answer.status).toBe(302);
    expect(await whoIs(earlierSession)).toBeNull();
  });
});
