/**
 * Islands (docs/decisions/019-static-public-pages.md): each `app/islands/<name>.ts` is a small script of its
 * own, built as an entry of the client bundle, that a static page loads with `<IslandScript name>`
 * (app/components/island-script.tsx). The server learns each island's built file name from the module
 * `virtual:islands`:
 * - in development, the source path (Vite serves it compiled);
 * - in a build, the client build writes the names it produced to build/islands.json, which the server build
 *   (run after it by `react-router build`, each in a process of its own configuration) inlines.
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin, ResolvedConfig } from "vite";

const ID = "virtual:islands";
const RESOLVED_ID = `\0${ID}`;
const ISLAND_FILE = /^[a-z][a-z-]*\.ts$/;

export function islands(options: { dir?: string; manifest?: string } = {}): Plugin {
  let config: ResolvedConfig;
  const dir = () => path.resolve(config.root, options.dir ?? "app/islands");
  const manifest = () => path.resolve(config.root, options.manifest ?? "build/islands.json");
  const names = () =>
    fs
      .readdirSync(dir())
      .filter((file) => ISLAND_FILE.test(file))
      .map((file) => file.slice(0, -".ts".length));
  const isClientBuild = () => config.command === "build" && !config.build.ssr;

  return {
    name: "islands",
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      if (!isClientBuild()) return;
      for (const name of names()) this.emitFile({ type: "chunk", id: path.join(dir(), `${name}.ts`), name: `island-${name}` });
    },
    generateBundle(_options, bundle) {
      if (!isClientBuild()) return;
      const files: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !chunk.isEntry || !chunk.facadeModuleId) continue;
        const source = path.relative(dir(), chunk.facadeModuleId);
        if (!source.startsWith("..") && ISLAND_FILE.test(source)) files[source.slice(0, -".ts".length)] = `${config.base}${chunk.fileName}`;
      }
      fs.mkdirSync(path.dirname(manifest()), { recursive: true });
      fs.writeFileSync(manifest(), JSON.stringify(files, null, 2));
    },
    resolveId(id) {
      return id === ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (config.command === "serve") {
        const sources = Object.fromEntries(names().map((name) => [name, `/${path.relative(config.root, dir())}/${name}.ts`]));
        return `export default ${JSON.stringify(sources)};`;
      }
      // The client app never renders an island's script tag: static pages are not hydrated.
      if (!config.build.ssr) return "export default {};";
      if (!fs.existsSync(manifest())) this.error(`islands: ${manifest()} is missing; the client build writes it before the server build`);
      return `export default ${fs.readFileSync(manifest(), "utf8")};`;
    },
  };
}
