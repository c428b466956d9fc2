import islandUrls from "virtual:islands";
import { useStaticPage } from "~/lib/static-page";

/**
 * Loads the island `name` (app/islands/<name>.ts) on a static page: a module script, beside the part it
 * enhances. On a hydrated page it renders nothing: the React component there does the work itself.
 */
export function IslandScript({ name }: { name: string }) {
  const isStatic = useStaticPage();
  const src = islandUrls[name];
  if (!isStatic) return null;
  if (!src) throw new Error(`Unknown island '${name}' (no app/islands/${name}.ts)`);
  // In place, after the markup it enhances (not `async`, which React would hoist to the top of the head,
  // ahead of the stylesheet): a module script runs once the document is parsed, and once per page however
  // many parts load it. Low priority: page-speed models (and Chrome) otherwise treat it as a high-priority
  // request the first paint waits for.
  return <script type="module" src={src} fetchPriority="low" />;
}
