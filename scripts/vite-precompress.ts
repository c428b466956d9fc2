/**
 * Compresses the browser's files once, when they are built, at the best ratio: a `.br` (Brotli 11) and a `.gz`
 * (gzip 9) beside each text file of build/client. The server sends those bytes as they are
 * (server/static-files.ts) instead of compressing every file again for every request, which
 * cost CPU on each first visit and gave larger files (the per-request compression runs at Brotli 5).
 * See docs/decisions/020-precompressed-assets.md for why this is a plugin of ours.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";

/** The kinds of file worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|html)$/;
/** Below this size a compressed copy saves less than a network packet. */
export const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` beside `file`, each only when it is smaller than the file. */
export async function precompressFile(file: string): Promise<void> {
  const source = await fs.readFile(file);
  if (source.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < source.length ? fs.writeFile(`${file}.br`, br) : undefined,
    gz.length < source.length ? fs.writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

/** Compresses every compressible file under `dir` (zlib runs them on its thread pool, side by side). */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(files.map(precompressFile));
  return files.length;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "precompress",
    apply: "build",
    // Only the browser's build: the server's bundle is read from disk, never sent.
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error?: Error) {
      // After the bundle and the public folder's files are written: every file the browser can ask for. A build
      // that failed wrote nothing: its own error is the one to show, not a missing folder here.
      // The client environment's own folder (under Vite's Environment API the top-level build.outDir is not it).
      const dir = path.resolve(config.root, this.environment?.config.build.outDir ?? config.build.outDir);
      if (error || !(await fs.stat(dir).catch(() => null))) return;
      await precompressDir(dir);
    },
  };
}
