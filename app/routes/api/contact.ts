/**
 * POST /api/contact — the contact form (spec part 3): name, email, message. Answers JSON for the form's
 * fetcher: `{ ok: true }`, or `{ ok: false, errors }` (field messages of the spec), or `{ ok: false, error }`.
 * A filled honeypot gets a quiet success and nothing is stored.
 */
import { data } from "react-router";
import type { Route } from "./+types/contact";
import { parseForm } from "~/lib/schemas/form";
import { contactSchema, HONEYPOT_FIELD, type ContactAnswer } from "~/lib/schemas/public-forms";
import { RateLimitedError, submitContactMessage } from "~/models/public-intake.server";
import { clientIp } from "~/services/auth.server";
import { logger } from "~/services/logger.server";

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data<ContactAnswer>({ ok: false, error: "failed" }, { status: 405 });
  const form = await request.formData();
  const ip = clientIp(request);
  if (String(form.get(HONEYPOT_FIELD) ?? "").trim()) {
    logger.warn({ ip }, "contact form honeypot filled; message dropped");
    return data<ContactAnswer>({ ok: true });
  }
  const parsed = parseForm(contactSchema, form);
  if (!parsed.ok) return data<ContactAnswer>({ ok: false, errors: parsed.errors }, { status: 400 });
  try {
    await submitContactMessage(parsed.data, ip);
    return data<ContactAnswer>({ ok: true });
  } catch (err) {
    if (err instanceof RateLimitedError) {
      return data<ContactAnswer>(
        { ok: false, error: "rate-limited" },
        { status: 429, headers: { "Retry-After": String(err.retryAfterSeconds) } },
      );
    }
    logger.error({ err }, "contact message failed");
    return data<ContactAnswer>({ ok: false, error: "failed" }, { status: 500 });
  }
}

export function loader() {
  return data({ ok: false }, { status: 405, headers: { Allow: "POST" } });
}
