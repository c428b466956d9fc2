import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfigError, getEnv, parseEnv, resetEnvForTests } from "./env.server";

const S3 = {
  S3_ENDPOINT: "https://s3.example.com",
  S3_BUCKET: "bucket",
  S3_ACCESS_KEY_ID: "id",
  S3_SECRET_ACCESS_KEY: "secret",
};

function configError(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
}

describe("parseEnv", () => {
  it("has a working default for everything", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      PUBLIC_URL: "http://localhost:3000",
      S3_REGION: "auto",
      TRUST_PROXY: false,
      LOG_LEVEL: "info",
      s3Enabled: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(env.MAIL_FROM).toContain("SEO × IA Content");
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(path.isAbsolute(env.dataDir)).toBe(true);
  });

  it("derives PUBLIC_URL from PORT, and strips a trailing slash from a given one", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PORT: "8080", PUBLIC_URL: "https://seo.example.com/" }).PUBLIC_URL).toBe("https://seo.example.com");
    expect(parseEnv({ PUBLIC_URL: "  " }).PUBLIC_URL).toBe("http://localhost:3000");
  });

  it.each(["abc", "-1", "65536", "80.5"])("names PORT when it is %j", (port) => {
    const message = configError({ PORT: port });
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain("PORT");
  });

  it("does not turn an empty PORT into port 0", () => {
    // `PORT=` (set but empty, as env files and compose files often leave it) must either keep the
    // default or be refused naming PORT; port 0 would listen on a random port and put
    // http://localhost:0 in every e-mail link.
    let port: number | undefined;
    try {
      port = parseEnv({ PORT: "" }).PORT;
    } catch (error) {
      expect((error as Error).message).toContain("PORT");
      return;
    }
    expect(port).toBe(3000);
  });

  it("names every bad variable at once", () => {
    const message = configError({
      PORT: "x",
      DATABASE_URL: "mysql://db",
      SMTP_URL: "http://mail",
      AUTH_SECRET: "short",
      PUBLIC_URL: "not a url",
    });
    for (const name of ["PORT", "DATABASE_URL", "SMTP_URL", "AUTH_SECRET", "PUBLIC_URL"]) expect(message).toContain(name);
  });

  it("accepts postgres:// and postgresql:// database URLs, smtp:// and smtps:// mail URLs", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u@h/db" }).DATABASE_URL).toBe("postgres://u@h/db");
    expect(parseEnv({ DATABASE_URL: "postgresql://u@h/db" }).DATABASE_URL).toBe("postgresql://u@h/db");
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.example.com:465" }).SMTP_URL).toBe("smtps://u:p@mail.example.com:465");
  });

  it("needs an AUTH_SECRET of at least 32 characters when one is given", () => {
    expect(configError({ AUTH_SECRET: "x".repeat(31) })).toContain("AUTH_SECRET");
    expect(parseEnv({ AUTH_SECRET: "x".repeat(32) }).AUTH_SECRET).toBe("x".repeat(32));
  });

  it("runs one server process by default, and several only with PostgreSQL", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://db/app" }).WEB_CONCURRENCY).toBe(4);
    const message = configError({ WEB_CONCURRENCY: "2" });
    expect(message).toContain("WEB_CONCURRENCY");
    expect(message).toContain("DATABASE_URL");
    expect(configError({ WEB_CONCURRENCY: "0", DATABASE_URL: "postgres://db/app" })).toContain("WEB_CONCURRENCY");
  });

  it("refuses a partial S3 configuration, naming the variables", () => {
    for (const missing of Object.keys(S3)) {
      const partial: Record<string, string | undefined> = { ...S3, [missing]: undefined };
      const message = configError(partial);
      expect(message).toContain("S3_ENDPOINT");
      expect(message).toContain("must be set together");
    }
    expect(configError({ S3_BUCKET: "only-a-bucket" })).toContain("S3_BUCKET");
  });

  it("switches S3 on when the four S3 variables are set", () => {
    const env = parseEnv({ ...S3, S3_PUBLIC_URL: "https://cdn.example.com", S3_REGION: "eu-west-3" });
    expect(env).toMatchObject({ s3Enabled: true, S3_PUBLIC_URL: "https://cdn.example.com", S3_REGION: "eu-west-3" });
    expect(configError({ ...S3, S3_ENDPOINT: "not a url" })).toContain("S3_ENDPOINT");
  });

  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["0", false],
    ["true", true],
    ["1", 1],
    ["2", 2],
    ["loopback", "loopback"],
    ["10.0.0.0/8, 127.0.0.1", "10.0.0.0/8, 127.0.0.1"],
    ["  true  ", true],
  ])("reads TRUST_PROXY=%j as %j", (raw, expected) => {
    expect(parseEnv({ TRUST_PROXY: raw }).TRUST_PROXY).toEqual(expected);
  });

  it("refuses private addresses to outbound calls by default; OUTBOUND_ALLOW_PRIVATE_HOSTS or its old name allows them", () => {
    expect(parseEnv({}).OUTBOUND_ALLOW_PRIVATE_HOSTS).toBe(false);
    expect(parseEnv({ NODE_ENV: "production" }).OUTBOUND_ALLOW_PRIVATE_HOSTS).toBe(false);
    expect(parseEnv({ OUTBOUND_ALLOW_PRIVATE_HOSTS: "true" }).OUTBOUND_ALLOW_PRIVATE_HOSTS).toBe(true);
    expect(parseEnv({ OUTBOUND_ALLOW_PRIVATE_HOSTS: "false" }).OUTBOUND_ALLOW_PRIVATE_HOSTS).toBe(false);
    // The old name, from before page reading (issue 39), still works alone.
    expect(parseEnv({ PUBLISHING_ALLOW_PRIVATE_HOSTS: "true" }).OUTBOUND_ALLOW_PRIVATE_HOSTS).toBe(true);
    expect(parseEnv({ PUBLISHING_ALLOW_PRIVATE_HOSTS: "false" }).OUTBOUND_ALLOW_PRIVATE_HOSTS).toBe(false);
    expect(parseEnv({ OUTBOUND_ALLOW_PRIVATE_HOSTS: "true", PUBLISHING_ALLOW_PRIVATE_HOSTS: "true" }).OUTBOUND_ALLOW_PRIVATE_HOSTS).toBe(
      true,
    );
    expect(parseEnv({ PUBLISHING_ALLOW_PRIVATE_HOSTS: "true" })).not.toHaveProperty("PUBLISHING_ALLOW_PRIVATE_HOSTS");
    // Both names, saying different things: which one is meant?
    expect(configError({ OUTBOUND_ALLOW_PRIVATE_HOSTS: "false", PUBLISHING_ALLOW_PRIVATE_HOSTS: "true" })).toContain(
      "PUBLISHING_ALLOW_PRIVATE_HOSTS: is the old name of OUTBOUND_ALLOW_PRIVATE_HOSTS",
    );
    expect(configError({ OUTBOUND_ALLOW_PRIVATE_HOSTS: "maybe" })).toContain("OUTBOUND_ALLOW_PRIVATE_HOSTS");
  });

  it("refuses an unknown NODE_ENV or LOG_LEVEL, naming it", () => {
    expect(configError({ NODE_ENV: "staging" })).toContain("NODE_ENV");
    expect(configError({ LOG_LEVEL: "verbose" })).toContain("LOG_LEVEL");
  });
});

describe("getEnv", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
  });

  it("reads process.env once, and again after resetEnvForTests", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seo-env-"));
    try {
      vi.stubEnv("DATA_DIR", dir);
      vi.stubEnv("AUTH_SECRET", "a".repeat(40));
      vi.stubEnv("PORT", "4100");
      vi.stubEnv("PUBLIC_URL", "");
      resetEnvForTests();
      expect(getEnv().PUBLIC_URL).toBe("http://localhost:4100");
      vi.stubEnv("PORT", "4200");
      expect(getEnv().PORT).toBe(4100);
      resetEnvForTests();
      expect(getEnv().PORT).toBe(4200);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("generates AUTH_SECRET once into DATA_DIR (owner-only) and reuses it", () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "seo-env-")), "nested", "data");
    try {
      vi.stubEnv("DATA_DIR", dir);
      vi.stubEnv("AUTH_SECRET", undefined);
      resetEnvForTests();
      const secret = getEnv().AUTH_SECRET;
      expect(secret.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dir, "auth-secret");
      expect(fs.readFileSync(file, "utf8")).toBe(secret);
      if (process.platform !== "win32") expect(fs.statSync(file).mode & 0o077).toBe(0);
      resetEnvForTests();
      expect(getEnv().AUTH_SECRET).toBe(secret);
    } finally {
      fs.rmSync(path.dirname(path.dirname(dir)), { recursive: true, force: true });
    }
  });

  it("throws a ConfigError naming the variable for a bad process.env", () => {
    vi.stubEnv("PORT", "not-a-port");
    resetEnvForTests();
    expect(() => getEnv()).toThrow(ConfigError);
    expect(() => getEnv()).toThrow(/PORT/);
  });
});
