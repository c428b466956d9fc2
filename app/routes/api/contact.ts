/**
 * POST /api/contact — the contact form (spec part 3): name, email, message. Answers JSON for the form
 * (routes/api/contact/contact-form.tsx, which reads this action's type): `{ ok: true }`; or `{ ok: false,
 * result }`, conform's result with the spec's field messages; or `{ ok: false, error }`, why it could not take
 * the message ('rate-limited', 'failed'). A filled honeypot gets a quiet success and nothing is stored.
 */
import { data } from "react-router";
import type { Route } from "./+types/contact";
import { contactSchema, HONEYPOT_FIELD } from "~/lib/schemas/public-forms";
import { parseSubmission } from "~/lib/schemas/submission";
import { RateLimitedError, submitContactMessage } from "~/models/public-intake.server";
import { clientIp } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { invalidForm, reply } from "~/services/route-action.server";

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return reply({ ok: false, error: "failed" }, 405);
  const form = await request.formData();
  const ip = clientIp(request);
  if (String(form.get(HONEYPOT_FIELD) ?? "").trim()) {
    logger.warn({ ip }, "contact form honeypot filled; message dropped");
    return reply({ ok: true });
  }
  const submission = parseSubmission(form, contactSchema);
  // The messages show on their fields only (no toast).
  if (submission.status !== "success") return reply({ ok: false, result: invalidForm(submission).result });
  try {
    await submitContactMessage(submission.value, ip);
    return reply({ ok: true });
  } catch (err) {
    if (err instanceof RateLimitedError) {
      return reply({ ok: false, error: "rate-limited" }, 429, { "Retry-After": String(err.retryAfterSeconds) });
    }
    logger.error({ err }, "contact message failed");
    return reply({ ok: false, error: "failed" }, 500);
  }
}

export function loader() {
  return data({ ok: false }, { status: 405, headers: { Allow: "POST" } });
}
