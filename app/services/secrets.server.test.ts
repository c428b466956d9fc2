import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "./env.server";
import { openSecret, sealSecret, UnreadableSecretError } from "./secrets.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seo-secrets-"));
const useSecret = (secret: string) => {
  vi.stubEnv("AUTH_SECRET", secret);
  resetEnvForTests();
};

describe("sealed secrets", () => {
  beforeAll(() => vi.stubEnv("DATA_DIR", dir));
  afterEach(() => useSecret("s".repeat(40)));
  afterAll(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("opens what it sealed for the same context, and never shows the value", () => {
    useSecret("s".repeat(40));
    const plain = "abcd EFGH ijkl MNOP qrst UVWX";
    const sealed = sealSecret(plain, "site:12:wordpress-password");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("abcd");
    expect(Buffer.from(sealed.slice(3), "base64url").toString("latin1")).not.toContain("EFGH");
    expect(openSecret(sealed, "site:12:wordpress-password")).toBe(plain);
    expect(openSecret(sealSecret("é 🔑", "x"), "x")).toBe("é 🔑");
  });

  it("seals the same value differently each time (a new nonce)", () => {
    useSecret("s".repeat(40));
    expect(sealSecret("same", "c")).not.toBe(sealSecret("same", "c"));
  });

  it("does not open for another context: a value copied to another site or field stays shut", () => {
    useSecret("s".repeat(40));
    const sealed = sealSecret("secret", "site:12:wordpress-password");
    expect(() => openSecret(sealed, "site:13:wordpress-password")).toThrow(UnreadableSecretError);
    expect(() => openSecret(sealed, "site:12:webhook-secret")).toThrow(UnreadableSecretError);
  });

  it("does not open an altered value, a value of another format, or after AUTH_SECRET changed", () => {
    useSecret("s".repeat(40));
    const sealed = sealSecret("secret", "c");
    const bytes = Buffer.from(sealed.slice(3), "base64url");
    bytes[bytes.length - 1]! ^= 1;
    expect(() => openSecret(`v1.${bytes.toString("base64url")}`, "c")).toThrow(UnreadableSecretError);
    expect(() => openSecret("secret", "c")).toThrow(UnreadableSecretError);
    expect(() => openSecret("v2." + sealed.slice(3), "c")).toThrow(UnreadableSecretError);
    expect(() => openSecret("v1.AAAA", "c")).toThrow(UnreadableSecretError);
    useSecret("t".repeat(40));
    expect(() => openSecret(sealed, "c")).toThrow(UnreadableSecretError);
  });
});
