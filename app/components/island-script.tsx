import islands from "virtual:islands";
import { useStaticPage } from "~/lib/static-page";

/**
 * Carries the island `name` (app/islands/<name>.ts) on a static page, beside the part it enhances. In a build
 * it is inline: one module script, the island bundled whole, allowed by its hash in the Content-Security-Policy
 * (docs/decisions/023-inline-islands.md), so the page asks for no script at all. In development it loads the
 * source, which Vite serves. On a hydrated page it renders nothing: the React component there does the work
 * itself.
 */
export function IslandScript({ name }: { name: string }) {
  const isStatic = useStaticPage();
  const island = islands[name];
  if (!isStatic) return null;
  if (!island) throw new Error(`Unknown island '${name}' (no app/islands/${name}.ts)`);
  // A module script runs once the document is parsed; a part that appears twice is enhanced once (islands/lib/mount.ts).
  if ("src" in island) return <script type="module" src={island.src} />;
  return <script type="module" dangerouslySetInnerHTML={{ __html: island.code }} />;
}
