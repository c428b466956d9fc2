/**
 * GET /api/versions/:versionId/history: the earlier texts of one of the user's versions (what it said
 * before modification requests replaced its HTML in place), newest first, as sanitized HTML only. The
 * page versions screen loads them when the person opens 'Earlier texts' (its fetcher reads this loader's
 * type). A missing or foreign version is logged once as a refused access and answers 404 with no texts.
 */
import { data } from "react-router";
import type { Route } from "./+types/version-history";
import { NotFoundError, parseId } from "~/lib/not-found";
import { sanitizeArticleHtml } from "~/lib/sanitize.server";
import { requireActor } from "~/models/access.server";
import { listVersionHistory } from "~/models/version.server";
import { logRefused } from "~/services/route-action.server";

const headers = { "Cache-Control": "private, no-store" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  try {
    const rows = await listVersionHistory(user, parseId(params.versionId, "version"));
    const texts = rows.map((row) => ({
      id: row.id,
      replacedAt: row.replacedAt.toISOString(),
      safeHtml: sanitizeArticleHtml(row.htmlContent),
    }));
    return data({ ok: true, texts }, { headers });
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    logRefused(request, { userId: user.id, kind: error.kind });
    return data({ ok: false, texts: [] }, { status: 404, headers });
  }
}
