/**
 * E-mail. With SMTP_URL, messages go through that server; without it, each message is written as an
 * .eml file under DATA_DIR/outbox/ and its links are logged, so that a newcomer can confirm an account
 * without a mail server.
 */
import { escapeHtml } from "~/lib/escape-html";
import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "./env.server";
import { logger } from "./logger.server";
import { BRAND_NAME } from "~/lib/constants";

export type Mail = { to: string; subject: string; text: string; html: string; replyTo?: string };

let transporter: Transporter | undefined;

function getTransporter(): Transporter {
  if (!transporter) {
    const env = getEnv();
    transporter = env.SMTP_URL
      ? nodemailer.createTransport(env.SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  }
  return transporter;
}

export async function sendMail(mail: Mail): Promise<void> {
  const env = getEnv();
  const info = await getTransporter().sendMail({ from: env.MAIL_FROM, ...mail });
  if (env.SMTP_URL) {
    logger.info({ to: mail.to, subject: mail.subject }, "e-mail sent");
    return;
  }
  const outbox = path.join(env.dataDir, "outbox");
  await fs.mkdir(outbox, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(outbox, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
  await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  logger.info({ to: mail.to, subject: mail.subject, file, links }, "e-mail written to the outbox");
}

/** Text for an HTML e-mail body or attribute. */
/**
 * E-mails a request must not wait for go through the queue of background work (app/jobs/outbox.server.ts),
 * which sits above this layer: it registers itself here when it is loaded (the server's entry, the worker
 * process and the tests load it), so that the auth service can queue its e-mails without importing upward.
 */
type Outbox = (mail: Mail) => Promise<unknown>;
let outbox: Outbox | undefined;

export function setOutbox(queue: Outbox) {
  outbox = queue;
}

/** Queues the message and returns once it is stored; it is sent in the background (see setOutbox). */
export async function queueMail(mail: Mail): Promise<void> {
  if (!outbox) throw new Error("No mail outbox: app/jobs/outbox.server.ts was not loaded");
  await outbox(mail);
}

/** The product's e-mail frame around `inner` (HTML): the brand's name above, on a white card. */
function framed(inner: string, language: MailLanguage = "fr"): string {
  return `<!doctype html><html lang="${language}"><body style="margin:0;padding:24px;background:#f6f7fb;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2330">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-weight:700;font-size:18px;margin:0 0 24px">${escapeHtml(BRAND_NAME)}</p>
${inner}
</td></tr></table></body></html>`;
}

export type MailLanguage = "fr" | "en";

const LINK_FALLBACK: Record<MailLanguage, string> = {
  fr: "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :",
  en: "If the button does not work, copy this link into your browser:",
};

/**
 * A short e-mail with one call-to-action link, as text and HTML (French unless `language` says otherwise).
 * `items`: lines that each lead somewhere (a digest), listed between the lines and the action.
 */
export function actionMail(options: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  items?: { text: string; url: string }[];
  action: string;
  url: string;
  footer: string;
  language?: MailLanguage;
}): Mail {
  const { to, subject, greeting, lines, items = [], action, url, footer, language = "fr" } = options;
  const text = [
    greeting,
    "",
    ...lines,
    ...(items.length ? ["", ...items.map((item) => `- ${item.text} : ${item.url}`)] : []),
    "",
    `${action} : ${url}`,
    "",
    footer,
    "",
    `— ${BRAND_NAME}`,
  ].join("\n");
  const list = items.length
    ? `<ul style="padding-left:20px">${items.map((item) => `<li style="margin:8px 0"><a href="${escapeHtml(item.url)}">${escapeHtml(item.text)}</a></li>`).join("")}</ul>`
    : "";
  const html = framed(
    `<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
${list}
<p style="margin:28px 0"><a href="${escapeHtml(url)}" style="background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(LINK_FALLBACK[language])}<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>`,
    language,
  );
  return { to, subject, text, html };
}

/**
 * A letter written by a person (the team's replies): their text as they typed it, paragraph by paragraph,
 * signed, in the same frame as the product's other e-mails; answers go to `replyTo`.
 */
export function letterMail(options: { to: string; subject: string; body: string; signature: string; replyTo: string }): Mail {
  const { to, subject, body, signature, replyTo } = options;
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const text = [...paragraphs.flatMap((p) => [p, ""]), `— ${signature}`].join("\n");
  const html = framed(`${paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join("\n")}
<p style="color:#555">— ${escapeHtml(signature)}</p>`);
  return { to, subject, text, html, replyTo };
}

/** For tests: drop the transport so that the next mail reads the configuration again. */
export function resetMailForTests() {
  transporter = undefined;
}
