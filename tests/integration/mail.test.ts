/** services/mail.server: the outbox by default, SMTP when SMTP_URL is set (tests/fakes/smtp.ts). */
import fs from "node:fs/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BRAND_NAME } from "~/lib/constants";
import { resetEnvForTests } from "~/services/env.server";
import { actionMail, resetMailForTests, sendMail } from "~/services/mail.server";
import { startFakeSmtp } from "../fakes/smtp";
import { outboxDir, readOutbox } from "../setup/outbox";

function confirmation(to: string) {
  return actionMail({
    to,
    subject: `Confirmez votre adresse e-mail pour ${BRAND_NAME}`,
    greeting: "Bonjour Élodie,",
    lines: ["Il reste une étape : confirmez votre adresse e-mail."],
    action: "Confirmer mon adresse e-mail",
    url: "http://localhost:3999/auth/confirm?token=abc.def-ghi_jkl",
    footer: "Si vous n'avez pas créé de compte, ignorez cet e-mail.",
  });
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  resetMailForTests();
});

describe("actionMail", () => {
  it("writes a French text and HTML message with the product's name and the link", () => {
    const mail = confirmation("elodie@example.test");
    expect(mail.text).toContain("Bonjour Élodie,");
    expect(mail.text).toContain("Confirmer mon adresse e-mail : http://localhost:3999/auth/confirm?token=abc.def-ghi_jkl");
    expect(mail.text).toContain(BRAND_NAME);
    expect(mail.html).toContain('lang="fr"');
    expect(mail.html).toContain('href="http://localhost:3999/auth/confirm?token=abc.def-ghi_jkl"');
    expect(mail.html).toContain("Si le bouton ne fonctionne pas");
  });

  it("escapes what users typed (their name) in the HTML", () => {
    const mail = actionMail({
      to: "x@example.test",
      subject: "s",
      greeting: 'Bonjour <img src=x onerror="alert(1)">,',
      lines: ["a & b"],
      action: "Go",
      url: "http://localhost:3999/?a=1&b=2",
      footer: "f",
    });
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("Bonjour &lt;img src=x onerror=&quot;alert(1)&quot;&gt;,");
    expect(mail.html).toContain("a &amp; b");
    expect(mail.html).toContain('href="http://localhost:3999/?a=1&amp;b=2"');
  });
});

describe("sendMail without SMTP_URL", () => {
  it("writes an .eml file under DATA_DIR/outbox", async () => {
    await sendMail(confirmation("outbox@example.test"));
    const names = await fs.readdir(outboxDir());
    expect(names.some((n) => n.endsWith(".eml"))).toBe(true);
    const [mail] = (await readOutbox()).filter((m) => m.to === "outbox@example.test");
    expect(mail.subject).toBe(`Confirmez votre adresse e-mail pour ${BRAND_NAME}`);
    expect(mail.from).toContain(BRAND_NAME);
    expect(mail.text).toContain("http://localhost:3999/auth/confirm?token=abc.def-ghi_jkl");
    expect(mail.html).toContain("Confirmer mon adresse e-mail");
  });

  it("keeps each message in its own file", async () => {
    const before = (await readOutbox()).length;
    await Promise.all([sendMail(confirmation("one@example.test")), sendMail(confirmation("two@example.test"))]);
    expect((await readOutbox()).length).toBe(before + 2);
  });
});

describe("sendMail with SMTP_URL", () => {
  it("delivers through the SMTP server and writes nothing to the outbox", async () => {
    const smtp = await startFakeSmtp();
    try {
      vi.stubEnv("SMTP_URL", smtp.url);
      vi.stubEnv("MAIL_FROM", "SEO × IA Content <robot@seo.example>");
      resetEnvForTests();
      resetMailForTests();
      const before = (await readOutbox()).length;
      await sendMail(confirmation("smtp@example.test"));
      const [message] = await smtp.waitForMessages(1);
      expect(message.envelopeTo).toEqual(["smtp@example.test"]);
      expect(message.envelopeFrom).toBe("robot@seo.example");
      expect(message.subject).toBe(`Confirmez votre adresse e-mail pour ${BRAND_NAME}`);
      expect(message.text).toContain("http://localhost:3999/auth/confirm?token=abc.def-ghi_jkl");
      expect((await readOutbox()).length).toBe(before);
    } finally {
      await smtp.close();
    }
  });

  it("fails when the SMTP server cannot be reached", async () => {
    const smtp = await startFakeSmtp();
    const url = smtp.url;
    await smtp.close();
    vi.stubEnv("SMTP_URL", url);
    resetEnvForTests();
    resetMailForTests();
    await expect(sendMail(confirmation("nowhere@example.test"))).rejects.toThrow();
  });
});
