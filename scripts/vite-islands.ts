/**
 * Islands (docs/decisions/019-static-public-pages.md, 023-inline-islands.md): each `app/islands/<name>.ts`
 * is a small script of its own that a static page carries with `<IslandScript name>`
 * (app/components/island-script.tsx). The server learns each island from the module `virtual:islands`:
 * - in development, `{ src }`: the source path (Vite serves it compiled);
 * - in a build, `{ code, hash }`: the island bundled whole by esbuild (its imports inlined, minified), which
 *   the page carries inline, and the SHA-256 the Content-Security-Policy allows it by. The client build
 *   writes them to build/islands.json, which the server build (run after it by `react-router build`, each in
 *   a process of its own configuration) inlines.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";
import type { Plugin, ResolvedConfig } from "vite";

const ID = "virtual:islands";
const RESOLVED_ID = `\0${ID}`;
const ISLAND_FILE = /^[a-z][a-z-]*\.ts$/;

/** An island as a page carries it: its code inline and the hash of that code, or (development) its source's URL. */
export type Island = { code: string; hash: string } | { src: string };

/** One island bundled whole: no import left (a page runs it inline), minified, for the browsers of the build's target. */
export async function bundleIsland(file: string, target: string | string[] = "es2022"): Promise<{ code: string; hash: string }> {
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    format: "esm",
    minify: true,
    write: false,
    target,
    platform: "browser",
    legalComments: "none",
    logLevel: "silent",
  });
  // Inline: the text must not close its own script element.
  const code = result.outputFiles[0]!.text.trim().replace(/<\/(script)/gi, "<\\/$1");
  return { code, hash: crypto.createHash("sha256").update(code).digest("base64") };
}

export function islands(options: { dir?: string; manifest?: string } = {}): Plugin {
  let config: ResolvedConfig;
  const dir = () => path.resolve(config.root, options.dir ?? "app/islands");
  const manifest = () => path.resolve(config.root, options.manifest ?? "build/islands.json");
  const names = () =>
    fs
      .readdirSync(dir())
      .filter((file) => ISLAND_FILE.test(file))
      .map((file) => file.slice(0, -".ts".length));
  // Which build asks: the environment's name under Vite's Environment API (React Router's future.v8_viteEnvironmentApi,
  // where one process builds both), else the config's `build.ssr`.
  const ssrBuild = (environment: { name: string } | undefined) => (environment ? environment.name === "ssr" : Boolean(config.build.ssr));

  return {
    name: "islands",
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      if (config.command !== "build" || ssrBuild(this.environment)) return;
      const built: Record<string, Island> = {};
      for (const name of names()) {
        const file = path.join(dir(), `${name}.ts`);
        try {
          built[name] = await bundleIsland(file);
        } catch (error) {
          this.error(`islands: ${name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      fs.mkdirSync(path.dirname(manifest()), { recursive: true });
      fs.writeFileSync(manifest(), JSON.stringify(built, null, 2));
    },
    resolveId(id) {
      return id === ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (config.command === "serve") {
        const sources = Object.fromEntries(names().map((name) => [name, { src: `/${path.relative(config.root, dir())}/${name}.ts` }]));
        return `export default ${JSON.stringify(sources)};`;
      }
      // The client app never renders an island: static pages are not hydrated.
      if (!ssrBuild(this.environment)) return "export default {};";
      if (!fs.existsSync(manifest())) this.error(`islands: ${manifest()} is missing; the client build writes it before the server build`);
      return `export default ${fs.readFileSync(manifest(), "utf8")};`;
    },
  };
}
