/** Each island by its file name in app/islands/ (scripts/vite-islands.ts): inline code and its hash in a build, a source URL in development. */
declare module "virtual:islands" {
  const islands: Record<string, { code: string; hash: string } | { src: string }>;
  export default islands;
}
