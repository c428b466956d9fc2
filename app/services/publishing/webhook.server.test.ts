import { describe, expect, it } from "vitest";
import { newWebhookSecret, verifyWebhookSignature, webhookSignature } from "./webhook.server";

describe("webhook signatures", () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ event: "article.published", title: "Le pain" });
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);
  const t = Math.floor(now / 1000);

  it("makes secrets that say what they are, never twice the same", () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it("signs the timestamp and the body, as t=...,v1=<hex HMAC-SHA256>", () => {
    const header = webhookSignature(secret, body, t);
    expect(header).toMatch(new RegExp(`^t=${t},v1=[0-9a-f]{64}$`));
    expect(verifyWebhookSignature(secret, body, header, now)).toBe(true);
  });

  it("refuses another body, another secret, a forged or an old signature", () => {
    const header = webhookSignature(secret, body, t);
    expect(verifyWebhookSignature(secret, body.replace("pain", "pin"), header, now)).toBe(false);
    expect(verifyWebhookSignature(newWebhookSecret(), body, header, now)).toBe(false);
    expect(verifyWebhookSignature(secret, body, `t=${t},v1=${"0".repeat(64)}`, now)).toBe(false);
    expect(verifyWebhookSignature(secret, body, "nonsense", now)).toBe(false);
    expect(verifyWebhookSignature(secret, body, header, now + 10 * 60_000), "ten minutes later").toBe(false);
  });
});
