// `npm start`: builds the app when the build is missing or older than the sources, then starts the
// server in production mode.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const built = path.join(root, "build/server/index.js");

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full));
    else latest = Math.max(latest, fs.statSync(full).mtimeMs);
  }
  return latest;
}

const sources = Math.max(
  newest(path.join(root, "app")),
  newest(path.join(root, "db")),
  fs.statSync(path.join(root, "package.json")).mtimeMs,
);
const stale = !fs.existsSync(built) || fs.statSync(built).mtimeMs < sources;
if (stale) {
  console.log("Building the app (first start, or the sources changed)...");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
const { register } = await import("tsx/esm/api");
register();
await import("../server/index.ts");
