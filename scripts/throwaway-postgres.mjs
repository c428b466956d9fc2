// A throwaway PostgreSQL server from Debian's `postgresql` package, for `npm run test:pg` and `npm run bench:results`:
// initdb and pg_ctl of the newest version under /usr/lib/postgresql/<version>/bin (PG_BIN overrides the search), in a
// temporary folder, listening on 127.0.0.1 on a free port, without durability (fsync off). As root (CI), it runs as
// the `postgres` system user, which PostgreSQL requires.
//
// `throwawayPostgres(binaries, prefix)` makes the folder and returns its handle at once, so that the caller can hand
// `stop` (synchronous: at the process's exit) or `stopAsync` (for a signal, keeping the event loop free) to its
// cleanup before `start()` runs; both stop the server if it was started and remove the folder, once.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";

const PG_USER = "postgres";

/** initdb and pg_ctl of the newest PostgreSQL found (PG_BIN overrides the search), or null. */
export function findPostgresBinaries() {
  const candidates = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const base = "/usr/lib/postgresql";
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(path.join(base, version, "bin"));
  }
  for (const dir of candidates) {
    const initdb = path.join(dir, "initdb");
    const pgCtl = path.join(dir, "pg_ctl");
    if (fs.existsSync(initdb) && fs.existsSync(pgCtl)) return { dir, initdb, pgCtl };
  }
  return null;
}

/** The user and group ids to run PostgreSQL as when this process is root; undefined otherwise. Throws without a postgres user. */
function postgresIds() {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  const uid = spawnSync("id", ["-u", PG_USER], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", PG_USER], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0)
    throw new Error(`running as root, but there is no '${PG_USER}' system user to run PostgreSQL as`);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export function throwawayPostgres(binaries, prefix) {
  const ids = postgresIds();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(tmp, "data");
  const logFile = path.join(tmp, "server.log");
  if (ids) fs.chownSync(tmp, ids.uid, ids.gid);
  /** A PostgreSQL tool's command line (as the postgres user when we are root). */
  const command = (tool, args) => (ids ? ["runuser", ["-u", PG_USER, "--", tool, ...args]] : [tool, args]);
  const run = (tool, args) => {
    const [cmd, argv] = command(tool, args);
    return spawnSync(cmd, argv, { cwd: tmp, encoding: "utf8" });
  };
  const stopArgs = ["-D", dataDir, "-m", "immediate", "-w", "stop"];
  let started = false;
  let stopped = false;

  return {
    /** initdb, then start on a free port (another one if the port was taken meanwhile); its URL and version. */
    async start() {
      const init = run(binaries.initdb, ["-D", dataDir, "-A", "trust", "-U", PG_USER, "-E", "UTF8", "--no-locale", "--no-sync"]);
      if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr || init.stdout}`);
      for (let attempt = 1; ; attempt++) {
        const port = await freePort();
        const options = [
          "-c listen_addresses=127.0.0.1",
          `-p ${port}`,
          `-k ${tmp}`,
          // A throwaway server: durability does not matter, speed does.
          "-c fsync=off",
          "-c synchronous_commit=off",
          "-c full_page_writes=off",
          "-c max_connections=200",
        ].join(" ");
        const result = run(binaries.pgCtl, ["-D", dataDir, "-o", options, "-l", logFile, "-w", "-t", "60", "start"]);
        // pg_ctl may leave a half-started server even when it fails: stop() tries to stop it.
        started = true;
        if (result.status === 0) {
          return { url: `postgres://${PG_USER}@127.0.0.1:${port}/postgres`, version: path.basename(path.dirname(binaries.dir)) };
        }
        const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
        // Another process may have taken the port between our check and the start: try another one.
        if (attempt < 3 && /could not bind|address already in use/i.test(log)) continue;
        throw new Error(`could not start PostgreSQL:\n${result.stderr || result.stdout}\n${log}`);
      }
    },
    /** Stops the server and removes its folder; at the process's exit, where only synchronous work runs. */
    stop() {
      if (stopped) return;
      stopped = true;
      if (started) {
        const result = run(binaries.pgCtl, stopArgs);
        if (result.status !== 0) console.error(`could not stop PostgreSQL:\n${result.stderr || result.stdout}`);
      }
      fs.rmSync(tmp, { recursive: true, force: true });
    },
    /** The same without blocking, for a signal handler whose event loop must stay free. */
    async stopAsync() {
      if (stopped) return;
      stopped = true;
      if (started) {
        const [cmd, argv] = command(binaries.pgCtl, stopArgs);
        await new Promise((resolve) => spawn(cmd, argv, { cwd: tmp, stdio: "ignore" }).once("close", resolve).once("error", resolve));
      }
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
