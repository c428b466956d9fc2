/**
 * Import from the site's WordPress (issue 15): its existing posts or pages, searched and paged, become pages of
 * the site, each with its address and its current HTML as the first version, and linked to its post
 * (page_publications) so that a later publish goes back over it instead of making a second post. Content already
 * imported (or published from here) is marked and skipped. The site's owner and the team only.
 */
import { escapeHtml } from "~/lib/escape-html";
import { and, eq, inArray } from "drizzle-orm";
import { pagePublications, pages } from "../../db/schema";
import { pageStatusOfWordPress } from "~/lib/publishing";
import { fitMetaDescription } from "~/lib/meta-description.server";
import { cleanArticleHtml } from "~/lib/sanitize.server";
import { writeVersion } from "~/jobs/version-writer.server";
import { getDb, type Db } from "~/services/db.server";
import { logger } from "~/services/logger.server";
import { listRemoteContent, readRemoteContent, type RemoteItem } from "~/services/publishing/wordpress-import.server";
import { type Actor } from "./access.server";
import { connectedWordPress } from "./site-publishing.server";

export type ImportType = "post" | "page";
export type ImportListing = { items: (RemoteItem & { pageId: number | null })[]; total: number; pages: number; page: number };

/** The pages of the site already linked to these WordPress ids (of that type). */
async function linkedPages(db: Db, siteId: number, type: ImportType, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ remoteId: pagePublications.remoteId, pageId: pagePublications.pageId })
    .from(pagePublications)
    .innerJoin(pages, eq(pages.id, pagePublications.pageId))
    .where(and(eq(pages.site, siteId), eq(pagePublications.remoteType, type), inArray(pagePublications.remoteId, ids)));
  return new Map(rows.map((row) => [row.remoteId!, row.pageId]));
}

/** One page of the site's WordPress content, each line saying whether it is already a page here. */
export async function listWordPressContent(
  actor: Actor,
  siteId: number,
  options: { type: ImportType; search: string; page: number },
): Promise<ImportListing> {
  const client = await connectedWordPress(actor, siteId);
  const listing = await listRemoteContent(client, options.type, { search: options.search, page: options.page });
  const linked = await linkedPages(
    await getDb(),
    siteId,
    options.type,
    listing.items.map((i) => i.id),
  );
  return { ...listing, page: options.page, items: listing.items.map((i) => ({ ...i, pageId: linked.get(i.id) ?? null })) };
}

/** Imports the chosen WordPress content as pages of the site; what is already here is skipped. */
export async function importWordPressContent(
  actor: Actor,
  siteId: number,
  type: ImportType,
  ids: number[],
): Promise<{ imported: number; skipped: number }> {
  const client = await connectedWordPress(actor, siteId);
  const contents = await readRemoteContent(client, type, [...new Set(ids)]);
  const db = await getDb();
  let imported = 0;
  await db.transaction(async (tx) => {
    const linked = await linkedPages(
      tx,
      siteId,
      type,
      contents.map((c) => c.id),
    );
    for (const content of contents) {
      if (linked.has(content.id)) continue;
      const title = content.title || `WordPress ${type} ${content.id}`;
      const [page] = await tx
        .insert(pages)
        .values({
          site: siteId,
          name: title,
          url: content.link || `${type}-${content.id}`,
          status: pageStatusOfWordPress(content.status),
          creator: actor.id,
        })
        .returning({ id: pages.id });
      const version = await writeVersion(tx, {
        pageId: page!.id,
        html: cleanArticleHtml(`<h1>${escapeHtml(title)}</h1>\n${content.html}`),
        // The post's own excerpt, when it has one written: it is what the post is published back with.
        metaDescription: fitMetaDescription(content.excerpt) || null,
        creator: actor.id,
      });
      await tx.insert(pagePublications).values({
        pageId: page!.id,
        target: "wordpress",
        remoteId: content.id,
        remoteType: type,
        remoteStatus: content.status,
        remoteLink: content.link || null,
        liveVersion: version,
      });
      imported += 1;
    }
  });
  logger.info({ siteId, userId: actor.id, type, imported, asked: ids.length }, "publishing: WordPress content imported");
  return { imported, skipped: ids.length - imported };
}
