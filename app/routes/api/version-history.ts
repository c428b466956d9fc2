/**
 * GET /api/versions/:versionId/history: the earlier texts of one of the user's versions (what it said
 * before modification requests replaced its HTML in place), newest first, as sanitized HTML only. The
 * page versions screen loads them when the person opens 'Earlier texts'. A missing or foreign version
 * answers 404.
 */
import type { Route } from "./+types/version-history";
import type { EarlierTextsResult } from "~/components/versions/types";
import { sanitizeArticleHtml } from "~/lib/sanitize.server";
import { NotFoundError, parseId } from "~/models/access.server";
import { listVersionHistory } from "~/models/version.server";
import { requireUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";

const headers = { "Cache-Control": "private, no-store" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  try {
    const rows = await listVersionHistory(user, parseId(params.versionId, "version"));
    const body: EarlierTextsResult = {
      ok: true,
      texts: rows.map((row) => ({ id: row.id, replacedAt: row.replacedAt.toISOString(), safeHtml: sanitizeArticleHtml(row.htmlContent) })),
    };
    return Response.json(body, { headers });
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    logger.info({ userId: user.id, versionId: params.versionId }, "refused: history of a missing or foreign version");
    return Response.json({ ok: false, texts: [] } satisfies EarlierTextsResult, { status: 404, headers });
  }
}
