/**
 * Configuration, read once from the environment and checked by a zod schema. A bad value stops the
 * server with a message naming the variable. Every variable has a working default.
 */
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    PUBLIC_URL: optionalUrl,
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), "must start with postgres:// or postgresql://"),
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || /^smtps?:\/\//.test(v), "must start with smtp:// or smtps://"),
    MAIL_FROM: z.string().trim().min(3).default("SEO × IA Content <no-reply@localhost>"),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: z.string().trim().optional(),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
    S3_PUBLIC_URL: optionalUrl,
    S3_REGION: z.string().trim().default("auto"),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** LinkedIn OAuth application (both or neither): enables "Connectez votre compte LinkedIn" on /profile. */
    LINKEDIN_CLIENT_ID: z.string().trim().optional(),
    LINKEDIN_CLIENT_SECRET: z.string().trim().optional(),
    /** Whether a reverse proxy in front sets X-Forwarded-For (Express "trust proxy" syntax). */
    TRUST_PROXY: z
      .string()
      .trim()
      .default("false")
      .transform((v) => {
        if (v === "false" || v === "0" || v === "") return false;
        if (v === "true") return true;
        if (/^\d+$/.test(v)) return Number(v);
        return v;
      }),
    /** The team's address: receives contact messages and is shown on the public pages. */
    CONTACT_EMAIL: z.email("must be an e-mail address").default("contact@seo-ia-content.fr"),
    /** The card-payment link of the 1€ trial article (a Stripe payment link, for instance). Unset: the pricing button opens /first-article. */
    PAYMENT_LINK_URL: optionalUrl,
    /** SERP provider: DataForSEO's SERP API (Google organic, live). Both or neither; without them SERP searches wait. */
    DATAFORSEO_LOGIN: z.string().trim().optional(),
    DATAFORSEO_PASSWORD: z.string().trim().optional(),
    DATAFORSEO_URL: z.url().default("https://api.dataforseo.com"),
    /** Language models through OpenRouter (OpenAI-compatible chat API). Without a key, LLM answers wait. */
    OPENROUTER_API_KEY: z.string().trim().optional(),
    OPENROUTER_BASE_URL: z.url().default("https://openrouter.ai/api/v1"),
    /** The OpenRouter model that writes and modifies articles. */
    ARTICLE_MODEL: z.string().trim().min(1).default("anthropic/claude-sonnet-4"),
    /** The low-cost OpenRouter model that judges whether a source supports a claim (issue 40). */
    SOURCE_JUDGE_MODEL: z.string().trim().min(1).default("openai/gpt-4o-mini"),
    /** Cover images through an API speaking OpenAI's images protocol (/images/generations and /images/edits). Without a key, image requests wait. */
    IMAGES_API_KEY: z.string().trim().optional(),
    IMAGES_API_URL: z.url().default("https://api.openai.com/v1"),
    IMAGES_MODEL: z.string().trim().min(1).default("gpt-image-1"),
    /**
     * Every outbound call to an address someone else chose (publishing to a client's website, issue 15; reading
     * the top pages of a search, issue 39) refuses by default addresses of this machine and of private networks
     * (loopback, 10/8, 192.168/16, link-local...), so that nobody makes the server probe them; "true" allows them,
     * for a WordPress or the local fakes running beside the product (see the README).
     */
    OUTBOUND_ALLOW_PRIVATE_HOSTS: z.stringbool().optional(),
    /** The old name of OUTBOUND_ALLOW_PRIVATE_HOSTS (publishing only, before issue 39): still accepted. */
    PUBLISHING_ALLOW_PRIVATE_HOSTS: z.stringbool().optional(),
    /**
     * Whether an article request reads the site's WordPress and sitemap for its inventory of pages to link to (issue
     * 40, weekly); "false" keeps to its pages here (the tests set it, so that no test reaches a real site).
     */
    INVENTORY_READ_SITES: z.stringbool().default(true),
    /** Timeout of one provider call, in milliseconds. */
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    /** Where queued actions run: inside the server (the default; the only choice with PGlite), or "off" when `npm run worker` processes do it (PostgreSQL). */
    WORKER: z.enum(["in-process", "off"]).default("in-process"),
    /** Where PGlite runs: in a thread of its own (decision 024), or in the server's main thread ('main'). */
    PGLITE_THREAD: z.enum(["own", "main"]).default("own"),
    /** How long a running action stays a worker's without news from it; a crashed worker's action is taken again after this. */
    WORKER_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
    /** The longest a period's scheduled checks are spread over, in hours (issue 17); 0 runs them at once. */
    CHECKS_SPREAD_HOURS: z.coerce.number().min(0).max(744).default(84),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** How many server processes share the port (Node's cluster module); above 1 only with PostgreSQL. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** Pages (GET and HEAD) a server process renders at the same time, the others waiting in line (0: no line; decision 032). */
    MAX_CONCURRENT_RENDERS: z.coerce.number().int().min(0).max(1000).default(8),
  })
  .superRefine((env, ctx) => {
    const s3 = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_ENDPOINT"],
        message: "S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
      });
    }
    if (Boolean(env.DATAFORSEO_LOGIN) !== Boolean(env.DATAFORSEO_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: ["DATAFORSEO_LOGIN"],
        message: "DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD must be set together",
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "above 1 needs DATABASE_URL (PostgreSQL): the embedded database belongs to a single process",
      });
    }
    if (
      env.OUTBOUND_ALLOW_PRIVATE_HOSTS !== undefined &&
      env.PUBLISHING_ALLOW_PRIVATE_HOSTS !== undefined &&
      env.OUTBOUND_ALLOW_PRIVATE_HOSTS !== env.PUBLISHING_ALLOW_PRIVATE_HOSTS
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLISHING_ALLOW_PRIVATE_HOSTS"],
        message: "is the old name of OUTBOUND_ALLOW_PRIVATE_HOSTS and says otherwise: keep only OUTBOUND_ALLOW_PRIVATE_HOSTS",
      });
    }
    if (Boolean(env.LINKEDIN_CLIENT_ID) !== Boolean(env.LINKEDIN_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["LINKEDIN_CLIENT_ID"],
        message: "LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET must be set together",
      });
    }
  });

export type Env = Omit<
  z.infer<typeof envSchema>,
  "PUBLIC_URL" | "AUTH_SECRET" | "OUTBOUND_ALLOW_PRIVATE_HOSTS" | "PUBLISHING_ALLOW_PRIVATE_HOSTS"
> & {
  PUBLIC_URL: string;
  AUTH_SECRET: string;
  /** Whether outbound calls may reach private addresses: OUTBOUND_ALLOW_PRIVATE_HOSTS, else its old name, else false. */
  OUTBOUND_ALLOW_PRIVATE_HOSTS: boolean;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  s3Enabled: boolean;
};

export class ConfigError extends Error {}

/** Which of these settings are not given (a provider needs all of its settings). */
export function missingSettings(settings: readonly (keyof Env)[], env: Env = getEnv()): (keyof Env)[] {
  return settings.filter((setting) => !env[setting]);
}

/** Parses a set of variables; throws a ConfigError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Omit<Env, "AUTH_SECRET"> & { AUTH_SECRET?: string } {
  // An empty value means unset, as for a variable left blank in an env file.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""));
  const result = envSchema.safeParse(given);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(environment)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const { PUBLISHING_ALLOW_PRIVATE_HOSTS, ...env } = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    OUTBOUND_ALLOW_PRIVATE_HOSTS: env.OUTBOUND_ALLOW_PRIVATE_HOSTS ?? PUBLISHING_ALLOW_PRIVATE_HOSTS ?? false,
    PUBLIC_URL: publicUrl,
    dataDir,
    s3Enabled: Boolean(env.S3_ENDPOINT),
  };
}

/** Reads AUTH_SECRET, or generates one once into DATA_DIR so that sessions survive restarts. */
function loadSecret(dataDir: string, given?: string): string {
  if (given) return given;
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (!cached) {
    const env = parseEnv(process.env);
    cached = { ...env, AUTH_SECRET: loadSecret(env.dataDir, env.AUTH_SECRET) };
  }
  return cached;
}

/** For tests: forget the parsed configuration so that the next getEnv() reads process.env again. */
export function resetEnvForTests() {
  cached = undefined;
}

/** For the processes' entry points: the configuration, or a message naming each bad variable and exit code 1. */
export function getEnvOrExit(): Env {
  try {
    return getEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
