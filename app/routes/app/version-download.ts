/**
 * GET /sites/:siteId/pages/:pageId/page-versions/:versionId/download?format=html|markdown (issue 15): a version
 * as a file, for sites that do not run WordPress. The owner's and the team's only (another account's version
 * answers the same 404 as a missing one); never kept by a cache.
 */
import type { Route } from "./+types/version-download";
import { articleHtmlDocument, articleMarkdown } from "~/lib/article-export.server";
import { metaDescriptionOf } from "~/lib/meta-description.server";
import { parseId } from "~/lib/not-found";
import { slugFromUrl } from "~/lib/publishing";
import { orNotFound, requireActor } from "~/models/access.server";
import { versionForDownload } from "~/models/version.server";

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const version = await orNotFound(request, user, "version", () =>
    versionForDownload(user, parseId(params.versionId, "version"), parseId(params.pageId, "page"), parseId(params.siteId, "site")),
  );
  const markdown = url.searchParams.get("format") === "markdown";
  const name = `${slugFromUrl(version.pageUrl, version.pageName) || "article"}-${version.id}.${markdown ? "md" : "html"}`;
  const description = metaDescriptionOf(version);
  const body = markdown
    ? articleMarkdown(version.html, { title: version.pageName, description })
    : articleHtmlDocument(version.html, version.pageName, description);
  return new Response(body, {
    headers: {
      "Content-Type": markdown ? "text/markdown; charset=utf-8" : "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
