// Builds the app (`react-router build`) when build/ is missing or older than its sources (app/, db/,
// public/, server/, package.json). Used by `npm start` and `npm run lighthouse`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full));
    else latest = Math.max(latest, fs.statSync(full).mtimeMs);
  }
  return latest;
}

/**
 * The react-router CLI's script, as @react-router/dev's package.json names it (bin.js in 7.x, bin.cjs in 8.x): read,
 * not written here, so that an upgrade cannot leave `npm start` pointing at a file that is gone.
 */
export function reactRouterBin() {
  const dir = path.join(root, "node_modules/@react-router/dev");
  const { bin } = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  return path.join(dir, typeof bin === "string" ? bin : bin["react-router"]);
}

/** Exits the process with the build's code when the build fails. */
export function buildIfStale() {
  const built = path.join(root, "build/server/index.js");
  const entry = path.join(root, "build/server-entry/index.js");
  const sources = Math.max(
    newest(path.join(root, "app")),
    newest(path.join(root, "db")),
    newest(path.join(root, "public")),
    newest(path.join(root, "server")),
    fs.statSync(path.join(root, "package.json")).mtimeMs,
  );
  if (fs.existsSync(built) && fs.existsSync(entry) && Math.min(fs.statSync(built).mtimeMs, fs.statSync(entry).mtimeMs) >= sources) return;
  console.log("Building the app (first start, or the sources changed)...");
  const result = spawnSync(process.execPath, [reactRouterBin(), "build"], {
    stdio: "inherit",
    cwd: root,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
