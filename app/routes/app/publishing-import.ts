/**
 * /sites/:siteId/publishing/import (issue 15): GET lists the site's WordPress posts or pages (?type=post|page,
 * search, page), each saying whether it is already a page here; POST (type, id...) imports the chosen ones as
 * pages. What WordPress refuses is said in the answer (`problem`), in the words of 'Test connection'. The
 * Publishing screen's import card (publishing/import-card.tsx) loads and posts it, typed from this module's loader
 * and action; the site's owner and the team only.
 */
import { data } from "react-router";
import type { Route } from "./+types/publishing-import";
import { formIds } from "~/lib/form-id";
import { parseId } from "~/lib/not-found";
import { errorToast, successToast } from "~/lib/toast";
import { orNotFound, requireActor } from "~/models/access.server";
import { importWordPressContent, listWordPressContent, type ImportType } from "~/models/wordpress-import.server";
import { WordPressError } from "~/services/publishing/wordpress.server";
import { reply } from "~/services/route-action.server";

const typeOf = (value: string | null): ImportType => (value === "page" ? "page" : "post");
const MAX_IDS = 100;

/** No connection is the screen's state (409), anything else WordPress's or the network's (502). */
const statusOf = (error: WordPressError) => (error.problem === "not_connected" ? 409 : 502);

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const siteId = parseId(params.siteId, "site");
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 200);
  try {
    const listing = await orNotFound(request, user, "site", () =>
      listWordPressContent(user, siteId, { type: typeOf(url.searchParams.get("type")), search, page }),
    );
    return data({ ok: true as const, listing, problem: null }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof WordPressError)
      return data({ ok: false as const, listing: null, problem: error.message }, { status: statusOf(error) });
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireActor(request);
  const siteId = parseId(params.siteId, "site");
  const form = await request.formData();
  const ids = formIds(form.getAll("id")).slice(0, MAX_IDS);
  if (ids.length === 0) return reply({ ok: false, toast: errorToast("Choose what to import.") });
  try {
    const { imported, skipped } = await orNotFound(request, user, "site", () =>
      importWordPressContent(user, siteId, typeOf(String(form.get("type"))), ids),
    );
    const what = imported === 1 ? "1 page imported" : `${imported} pages imported`;
    return reply({
      ok: true,
      imported,
      toast: successToast(
        what,
        skipped
          ? `${skipped} already here (or no longer on WordPress), left as they were.`
          : "Each has its current text as its first version.",
      ),
    });
  } catch (error) {
    if (error instanceof WordPressError) return reply({ ok: false, toast: errorToast(error.message, "Nothing imported") }, statusOf(error));
    throw error;
  }
}
