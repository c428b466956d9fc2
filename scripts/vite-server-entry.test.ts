import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServerEntry } from "./vite-server-entry";

const ROOT = path.resolve(import.meta.dirname, "..");
let outdir: string;
beforeAll(async () => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), "server-entry-"));
  fs.writeFileSync(path.join(outdir, "stale-chunk-ABC.js"), "an earlier build's chunk");
  await buildServerEntry(ROOT, outdir);
});
afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

const read = (name: string) => fs.readFileSync(path.join(outdir, name), "utf8");

describe("buildServerEntry", () => {
  it("compiles server/index.ts to one file that imports the packages and the app's server build at run time", () => {
    const entry = read("index.js");
    expect(entry).toMatch(/from "express"/);
    expect(entry).toContain("build/server/index.js");
    // The app's own modules it uses are compiled in, not left as TypeScript imports.
    expect(entry).not.toMatch(/from "\.\.\/app\//);
    expect(entry).not.toMatch(/\.ts"/);
  });

  it("keeps the test-only sign-in route out of the entry, in a chunk loaded only when its token is set", () => {
    const files = fs.readdirSync(outdir);
    const chunk = files.find((name) => name.startsWith("test-sign-in-"));
    expect(chunk).toBeDefined();
    expect(read(chunk!)).toContain("mountTestSignIn");
    const entry = read("index.js");
    expect(entry).not.toContain("function mountTestSignIn");
    expect(entry).toContain(`import("./${chunk}")`);
  });

  it("leaves no chunk of an earlier build beside the new ones", () => {
    expect(fs.readdirSync(outdir)).not.toContain("stale-chunk-ABC.js");
  });
});
