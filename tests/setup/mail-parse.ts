/**
 * A small reader for the messages nodemailer writes (outbox .eml files, or what the fake SMTP server
 * receives): headers with encoded words, multipart/alternative bodies, quoted-printable and base64.
 * Enough to read subjects, recipients and links; not a general MIME parser.
 */
export type ParsedMail = {
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
};

function splitHead(raw: string): { head: Record<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const headText = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const head: Record<string, string> = {};
  // Unfold continuation lines, then read "Name: value" pairs.
  for (const line of headText.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) head[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { head, body };
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "").toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

function collectParts(head: Record<string, string>, body: string, out: { text: string; html: string }) {
  const type = head["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const part = splitHead(section.replace(/^\n/, ""));
      collectParts(part.head, part.body.replace(/\n$/, ""), out);
    }
    return;
  }
  const decoded = decodeBody(body, head["content-transfer-encoding"]);
  if (/^text\/html/i.test(type)) out.html += decoded;
  else out.text += decoded;
}

export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHead(raw);
  const content = { text: "", html: "" };
  collectParts(head, body, content);
  return {
    headers: head,
    from: decodeHeader(head.from ?? ""),
    to: decodeHeader(head.to ?? ""),
    subject: decodeHeader(head.subject ?? ""),
    text: content.text,
    html: content.html,
    raw,
  };
}

/** Every http(s) link in a text. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}
