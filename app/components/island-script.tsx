import islandUrls from "virtual:islands";
import { useStaticPage } from "~/lib/static-page";

/**
 * Loads the island `name` (app/islands/<name>.ts) on a static page: a module script, which React hoists into
 * the document's head once however many times it is rendered. On a hydrated page it renders nothing: the
 * React component there does the work itself.
 */
export function IslandScript({ name }: { name: string }) {
  const isStatic = useStaticPage();
  const src = islandUrls[name];
  if (!isStatic) return null;
  if (!src) throw new Error(`Unknown island '${name}' (no app/islands/${name}.ts)`);
  return <script type="module" src={src} async />;
}
