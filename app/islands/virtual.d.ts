/** The built URL of each island (scripts/vite-islands.ts), by its file name in app/islands/. */
declare module "virtual:islands" {
  const urls: Record<string, string>;
  export default urls;
}
