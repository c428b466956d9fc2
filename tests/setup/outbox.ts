/** The e-mails the app wrote under DATA_DIR/outbox (no SMTP_URL), read back for the tests. */
import fs from "node:fs/promises";
import path from "node:path";
import { parseMail, type ParsedMail } from "./mail-parse";

export function outboxDir(): string {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error("DATA_DIR is not set: is tests/setup/env.ts in setupFiles?");
  return path.join(path.resolve(dataDir), "outbox");
}

export type OutboxMail = ParsedMail & { file: string };

/** Every message in the outbox, oldest first. */
export async function readOutbox(): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await fs.readdir(outboxDir())).filter((n) => n.endsWith(".eml")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return Promise.all(
    names.map(async (name) => {
      const file = path.join(outboxDir(), name);
      return { ...parseMail(await fs.readFile(file, "utf8")), file };
    }),
  );
}

/** The messages to one address (oldest first). */
export async function mailsTo(address: string): Promise<OutboxMail[]> {
  return (await readOutbox()).filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
}

/**
 * Waits until the outbox holds `count` messages to `address` (e-mails may be sent in the background)
 * and returns the newest one.
 */
export async function waitForMail(address: string, options: { count?: number; timeoutMs?: number } = {}): Promise<OutboxMail> {
  const count = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const mails = await mailsTo(address);
    if (mails.length >= count) return mails[mails.length - 1];
    if (Date.now() > deadline) {
      throw new Error(`Expected ${count} e-mail(s) to ${address} in the outbox, found ${mails.length}.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The first link of a message whose path is `pathname` (e.g. /auth/confirm), as a URL. */
export function linkTo(mail: ParsedMail, pathname: string): URL {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).map((l) => new URL(l)).find((u) => u.pathname === pathname);
  if (!link) throw new Error(`No link to ${pathname} in the e-mail "${mail.subject}":\n${mail.text}`);
  return link;
}
