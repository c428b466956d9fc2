import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { reactRouterBin } from "./build-if-stale.mjs";

describe("buildIfStale", () => {
  it("starts the react-router CLI that is installed (npm start builds with it on a fresh machine)", () => {
    const bin = reactRouterBin();
    expect(fs.existsSync(bin), bin).toBe(true);
    const version = spawnSync(process.execPath, [bin, "--version"], { encoding: "utf8" });
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
