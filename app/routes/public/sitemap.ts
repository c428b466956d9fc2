/** /sitemap.xml — every public page and every demo article (its newest version's public view). */
import { publicViewPath } from "~/lib/public-view";
import { INDEXED_PUBLIC_PATHS } from "~/lib/public-pages";
import { listDemoArticles } from "~/models/demo.server";
import { getEnv } from "~/services/env.server";
import { logger } from "~/services/logger.server";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** Demo articles only: a client's version is never listed (its public view is not indexable). */
export function sitemapXml(origin: string, articles: { latestPublicId: string; latestVersionDate: string }[]) {
  const urls = [
    ...INDEXED_PUBLIC_PATHS.map((path) => ({ loc: `${origin}${path}`, lastmod: null as string | null, priority: path === "/" ? "1.0" : "0.7" })),
    ...articles.map((a) => ({ loc: `${origin}${publicViewPath(a.latestPublicId)}`, lastmod: a.latestVersionDate.slice(0, 10), priority: "0.6" })),
  ];
  const body = urls
    .map(
      (u) =>
        `  <url>\n    <loc>${escapeXml(u.loc)}</loc>\n${u.lastmod ? `    <lastmod>${u.lastmod}</lastmod>\n` : ""}    <priority>${u.priority}</priority>\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export async function loader() {
  const articles = await listDemoArticles(10_000).catch((err) => {
    logger.error({ err }, "sitemap: demo articles could not be read");
    return [];
  });
  return new Response(sitemapXml(getEnv().PUBLIC_URL, articles), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
