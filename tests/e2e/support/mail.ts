/**
 * Reads the e-mails the server wrote to DATA_DIR/outbox/ (no SMTP_URL in the tests), as a person
 * would read their inbox: the newest message sent to an address, and the link it carries.
 */
import fs from "node:fs";
import path from "node:path";
import { decodeHeader } from "../../setup/mail-parse";

export type LinkKind = "confirm" | "reset";

const LINK_PATHS: Record<LinkKind, string> = {
  confirm: "/auth/confirm?token=",
  reset: "/auth/update-password?token=",
};

/**
 * Decodes quoted-printable text: soft line breaks (=\r?\n) and =XX escapes, as UTF-8. A run of escapes holds
 * whole characters (every byte of a multi-byte character is escaped), so each run is decoded at once.
 */
export function decodeQuotedPrintable(source: string): string {
  return source.replace(/=\r?\n/g, "").replace(/(?:=[0-9A-F]{2})+/gi, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
}

export type Email = { file: string; to: string; subject: string; body: string; writtenAt: number };

/** A header's MIME encoded-words (RFC 2047: "=?UTF-8?Q?pr=C3=AAt?=", "=?UTF-8?B?...?=") as the text they encode. */
function decodeEncodedWords(value: string): string {
  return value.replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=(?:\s+(?==\?))?/g, (_word, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_byte, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

function headerValue(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const match = unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, "im"));
  return decodeEncodedWords(match?.[1]?.trim() ?? "");
}

/**
 * Every e-mail of the outbox sent to `to`, oldest first. The run's outbox holds every story's e-mails and is read
 * again at each poll: only those sent to `to` are decoded.
 */
export function readOutbox(to: string, dataDir = process.env.E2E_DATA_DIR!): Email[] {
  const outbox = path.join(dataDir, "outbox");
  if (!fs.existsSync(outbox)) return [];
  const wanted = to.toLowerCase();
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith(".eml"))
    .flatMap((name) => {
      const file = path.join(outbox, name);
      const raw = fs.readFileSync(file, "utf8");
      const recipient = headerValue(raw, "To");
      if (!recipient.toLowerCase().includes(wanted)) return [];
      return [
        {
          file,
          to: recipient,
          // As a mail program shows it: encoded words (accents, «») decoded.
          subject: decodeHeader(headerValue(raw, "Subject")),
          body: decodeQuotedPrintable(raw),
          writtenAt: fs.statSync(file).mtimeMs,
        },
      ];
    })
    .sort((a, b) => a.writtenAt - b.writtenAt || a.file.localeCompare(b.file));
}

function linkIn(mail: Email, kind: LinkKind): string | null {
  const escaped = LINK_PATHS[kind].replace(/[.?*+^$()[\]{}|\\/]/g, "\\$&");
  const match = mail.body.match(new RegExp(`https?://[^\\s"'<>]+${escaped}[^\\s"'<>]+`));
  return match ? match[0] : null;
}

/**
 * Waits (polling, up to `timeoutMs`) for the newest e-mail sent to `to` that carries a link of the
 * given kind, written after `since` (ms since epoch) when given, and returns that link.
 */
export async function waitForEmailLink(
  to: string,
  kind: LinkKind,
  options: { since?: number; timeoutMs?: number; dataDir?: string } = {},
): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const since = options.since ?? 0;
  for (;;) {
    // A small tolerance for file-system time stamps.
    const mails = readOutbox(to, options.dataDir).filter((m) => m.writtenAt >= since - 50);
    for (const mail of mails.reverse()) {
      const link = linkIn(mail, kind);
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`No ${kind} e-mail reached ${to} within the time limit.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
