// `npm start`: builds the app when the build is missing or older than the sources, then starts the
// server in production mode.
import path from "node:path";
import { buildIfStale } from "./build-if-stale.mjs";

process.chdir(path.resolve(import.meta.dirname, ".."));
buildIfStale();

process.env.NODE_ENV ??= "production";
// The entry the build compiled from server/index.ts (scripts/vite-server-entry.ts): Node runs it as it is.
await import("../build/server-entry/index.js");
