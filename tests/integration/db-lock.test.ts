/** services/db.server lockDataFolder: a second process never opens the same PGlite folder. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, getDb, lockDataFolder } from "~/services/db.server";

let base: string;
let sleeper: ChildProcess;

/** The pid of a process that has exited (and so cannot hold a lock). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), "seo-lock-"));
  sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
  await new Promise((resolve) => sleeper.once("spawn", resolve));
});

afterAll(async () => {
  sleeper.kill();
  fs.rmSync(base, { recursive: true, force: true });
});

function folder(name: string) {
  return path.join(base, name);
}

describe("lockDataFolder", () => {
  it("creates the folder, writes our pid next to it, and releases it", () => {
    const dir = folder("fresh");
    const release = lockDataFolder(dir);
    expect(fs.existsSync(dir)).toBe(true);
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    // Released: it can be taken again.
    lockDataFolder(dir)();
  });

  it("refuses a folder locked by a live process (a sleeping child)", () => {
    const dir = folder("busy-child");
    fs.mkdirSync(dir);
    fs.writeFileSync(`${dir}.lock`, String(sleeper.pid));
    expect(() => lockDataFolder(dir)).toThrow(/in use by another process/);
    expect(() => lockDataFolder(dir)).toThrow(new RegExp(`pid ${sleeper.pid}`));
    // The other process's lock is left alone.
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(sleeper.pid));
  });

  it("refuses a folder locked by the parent process", () => {
    const dir = folder("busy-parent");
    fs.mkdirSync(dir);
    fs.writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => lockDataFolder(dir)).toThrow(/in use by another process/);
  });

  it("takes over a stale lock left by a dead process", async () => {
    const dir = folder("stale");
    fs.mkdirSync(dir);
    fs.writeFileSync(`${dir}.lock`, String(await deadPid()));
    const release = lockDataFolder(dir);
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
  });

  it("takes over an empty or unreadable lock file (a crash while writing it)", () => {
    const dir = folder("garbage");
    fs.mkdirSync(dir);
    fs.writeFileSync(`${dir}.lock`, "");
    const release = lockDataFolder(dir);
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
    release();
  });

  it("does not remove a lock that another process took after ours was released", () => {
    const dir = folder("handover");
    const release = lockDataFolder(dir);
    fs.writeFileSync(`${dir}.lock`, String(sleeper.pid));
    release();
    expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(sleeper.pid));
  });
});

describe("getDb on a locked DATA_DIR", () => {
  it("refuses to open the embedded database that another process holds", async () => {
    const dbDir = path.join(process.env.DATA_DIR!, "db");
    fs.mkdirSync(dbDir, { recursive: true });
    fs.writeFileSync(`${dbDir}.lock`, String(sleeper.pid));
    try {
      await expect(getDb()).rejects.toThrow(/in use by another process/);
    } finally {
      fs.rmSync(`${dbDir}.lock`, { force: true });
      await closeDatabase();
    }
  });
});
