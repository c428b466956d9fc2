/**
 * Turning two-factor sign-in on (and off), with better-auth's two-factor plugin: the team's console requires it
 * (/team/two-factor, issue 14), a client may choose it (/settings/two-factor, issue 16). Step 1 checks the
 * password and makes the secret and ten backup codes (not active yet); step 2 proves the app has the secret with
 * one of its codes, and turns it on. The QR code is drawn here, on the server: no QR library in the browser.
 */
import { encode } from "uqr";
import { authErrorMessage, authRefusal } from "~/lib/auth-messages";
import { BRAND_NAME } from "~/lib/constants";
import { twoFactorEnableSchema, twoFactorVerifySchema } from "~/lib/schemas/auth";
import { parseSubmission } from "~/lib/schemas/submission";
import { callAuth, clientIp } from "./auth.server";
import { logger } from "./logger.server";
import { invalidForm, reply } from "./route-action.server";

const ERROR_TITLE = "Erreur";
const WRONG_PASSWORD = authErrorMessage("INVALID_PASSWORD", 400);
const WRONG_CODE = authErrorMessage("INVALID_CODE", 401);

/** The QR code of the TOTP address, as one SVG path. */
function qrPath(uri: string): { size: number; d: string } {
  const { data, size } = encode(uri, { ecc: "M", border: 2 });
  let d = "";
  data.forEach((row, y) => row.forEach((dark, x) => dark && (d += `M${x} ${y}h1v1h-1z`)));
  return { size, d };
}

/** Step 1: the password; the answer carries the QR code, the key and the backup codes (never cached). */
export async function twoFactorEnableStep(request: Request, form: FormData, userId: string) {
  const submission = parseSubmission(form, twoFactorEnableSchema);
  if (submission.status !== "success")
    return reply({ ok: false, ...invalidForm(submission, { hideFields: ["password"], title: ERROR_TITLE, fallback: WRONG_PASSWORD }) });
  const result = await callAuth<{ totpURI: string; backupCodes: string[] }>(request, "/two-factor/enable", {
    body: { password: submission.value.password, issuer: BRAND_NAME },
  });
  if (!result.ok || !result.data?.totpURI) {
    logger.warn({ userId, ip: clientIp(request), code: result.code, status: result.status }, "two-factor set-up refused");
    const { message, status } = authRefusal(result);
    return reply(
      { ok: false, ...invalidForm(submission, { fieldErrors: { password: [message] }, hideFields: ["password"], title: ERROR_TITLE }) },
      status,
    );
  }
  const { totpURI, backupCodes } = result.data;
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return reply({ ok: true, setUp: { qr: qrPath(totpURI), secret, backupCodes } }, 200, { "Cache-Control": "no-store" });
}

/**
 * Step 2: a code of the app. On success better-auth turns two-factor sign-in on and opens a new session: the
 * caller redirects with these headers (its cookies). On failure, the answer to give.
 */
export async function twoFactorVerifyStep(request: Request, form: FormData, userId: string) {
  const submission = parseSubmission(form, twoFactorVerifySchema);
  if (submission.status !== "success")
    return { refused: reply({ ok: false, ...invalidForm(submission, { title: ERROR_TITLE, fallback: WRONG_CODE }) }) };
  const result = await callAuth(request, "/two-factor/verify-totp", { body: { code: submission.value.code } });
  if (!result.ok) {
    logger.warn({ userId, ip: clientIp(request), code: result.code, status: result.status }, "two-factor set-up code refused");
    const { message, status } = authRefusal(result);
    return { refused: reply({ ok: false, ...invalidForm(submission, { fieldErrors: { code: [message] }, title: ERROR_TITLE }) }, status) };
  }
  logger.info({ userId, ip: clientIp(request) }, "two-factor sign-in turned on");
  return { headers: result.headers };
}

/** Turns two-factor sign-in off, with the password (a client's choice; the team's console keeps requiring it). */
export async function twoFactorDisable(request: Request, form: FormData, userId: string) {
  const submission = parseSubmission(form, twoFactorEnableSchema);
  if (submission.status !== "success")
    return {
      refused: reply({ ok: false, ...invalidForm(submission, { hideFields: ["password"], title: ERROR_TITLE, fallback: WRONG_PASSWORD }) }),
    };
  const result = await callAuth(request, "/two-factor/disable", { body: { password: submission.value.password } });
  if (!result.ok) {
    logger.warn({ userId, ip: clientIp(request), code: result.code, status: result.status }, "two-factor turn-off refused");
    const { message, status } = authRefusal(result);
    return {
      refused: reply(
        { ok: false, ...invalidForm(submission, { fieldErrors: { password: [message] }, hideFields: ["password"], title: ERROR_TITLE }) },
        status,
      ),
    };
  }
  logger.info({ userId, ip: clientIp(request) }, "two-factor sign-in turned off");
  return { headers: result.headers };
}
