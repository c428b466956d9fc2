/**
 * contact_form: mails a message of the contact form to the team (CONTACT_EMAIL), answerable to its author.
 * The web process does it at once when the message arrives (models/public-intake.server.ts); the worker does
 * it when that failed or the process died first.
 */
import { z } from "zod";
import type { ContactInput } from "~/lib/schemas/public-forms";
import { getEnv } from "~/services/env.server";
import { escapeHtml } from "~/lib/escape-html";
import { sendMail, type Mail } from "~/services/mail.server";
import { defineTask, jsonText } from "../task.server";

/** Spec part 2: all three fields are required. */
export const CONTACT_FIELDS_REQUIRED = "All fields (email, name, message) are required";

const filled = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** info2: { name, email, message } as JSON. */
export const contactPayload = z.object({ info2: jsonText }).transform(({ info2 }, ctx) => {
  const fields = (info2 ?? {}) as { name?: unknown; email?: unknown; message?: unknown };
  if (!filled(fields.name) || !filled(fields.email) || !filled(fields.message)) {
    ctx.addIssue({ code: "custom", message: CONTACT_FIELDS_REQUIRED, path: [] });
    return z.NEVER;
  }
  return { name: fields.name, email: fields.email, message: fields.message };
});

export const contactFormTask = defineTask({
  payload: contactPayload,
  settings: [],
  async run({ payload }) {
    await mailContactMessage(payload);
  },
});

/** Sends a contact message to the team (CONTACT_EMAIL), answerable to its author. */
export async function mailContactMessage(input: ContactInput) {
  await sendMail(contactMail(getEnv().CONTACT_EMAIL, input));
}

function contactMail(to: string, input: ContactInput): Mail {
  const lines = [`From: ${input.name} <${input.email}>`, "", input.message];
  return {
    to,
    subject: `Contact form: ${input.name.replace(/[\r\n]+/g, " ").slice(0, 80)}`,
    text: lines.join("\n"),
    html: `<p><strong>${escapeHtml(input.name)}</strong> &lt;<a href="mailto:${escapeHtml(input.email)}">${escapeHtml(input.email)}</a>&gt;</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    replyTo: input.email,
  };
}
