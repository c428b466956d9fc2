/** /robots.txt — crawling allowed for everyone, AI crawlers named explicitly; private areas excluded; the sitemap named. */
import { AI_CRAWLERS, PRIVATE_PATH_PREFIXES } from "~/lib/public-pages";
import { getEnv } from "~/services/env.server";

export function robotsTxt(origin: string) {
  const rules = ["Allow: /", ...PRIVATE_PATH_PREFIXES.map((p) => `Disallow: ${p}`)];
  const groups = [["User-agent: *", ...rules], [...AI_CRAWLERS.map((bot) => `User-agent: ${bot}`), ...rules]];
  return `${groups.map((g) => g.join("\n")).join("\n\n")}\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export function loader() {
  return new Response(robotsTxt(getEnv().PUBLIC_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
