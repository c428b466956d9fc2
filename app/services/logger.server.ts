import { createRequire } from "node:module";
import pino from "pino";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");
const pretty = process.env.NODE_ENV === "development";

/** JSON logs in production, readable lines in development. Secrets are redacted by path. */
export const logger = pino({
  level,
  redact: {
    paths: ["password", "*.password", "token", "*.token", "headers.cookie", "*.headers.cookie"],
    censor: "[redacted]",
  },
  // The transport by its file: pino looks a bare name up from its callers' files, which Vite's module runner (`npm
  // run dev`) does not give.
  ...(pretty ? { transport: { target: createRequire(import.meta.url).resolve("pino-pretty"), options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" } } } : {}),
});
