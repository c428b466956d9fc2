/**
 * Compiles the server's entry (server/index.ts: Express, the security headers, the kept static pages) to plain
 * JavaScript beside the app's server build, so that `npm start` and the tests' servers start it with Node alone.
 * Through tsx, every start compiled it again: about 1.9 s of CPU and 1.1 s of waiting per start, measured on this
 * machine (2026-11-25), paid by each of the dozen servers an end-to-end run starts. The packages stay external
 * (node_modules is there at run time); the test-only sign-in route stays a chunk of its own, which a server loads
 * only when the test runner set its token (docs/decisions/014-test-only-sign-in.md).
 * `npm run dev` still runs the TypeScript through tsx, watching it.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import type { Plugin, ResolvedConfig } from "vite";

/** Where the compiled entry is written, from the project's root. */
export const SERVER_ENTRY_DIR = "build/server-entry";

export async function buildServerEntry(root: string, outdir = SERVER_ENTRY_DIR): Promise<void> {
  // Chunks are named by their content: an earlier build's must not stay beside the new ones.
  await fs.rm(path.resolve(root, outdir), { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { index: "server/index.ts" },
    outdir: path.resolve(root, outdir),
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node22",
    packages: "external",
    logLevel: "warning",
  });
}

export function serverEntry(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "server-entry",
    apply: "build",
    // Once per build, with the app's server bundle it imports.
    applyToEnvironment: (environment) => environment.name === "ssr",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      if (error) return;
      await buildServerEntry(path.resolve(config.root));
    },
  };
}
