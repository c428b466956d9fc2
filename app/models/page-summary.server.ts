/** The page detail screen: the page, its newest version and what each of its blocks holds (its outline's state too, issue 16). */
import { sql } from "drizzle-orm";
import { pageOutlines, pagesKeywords, pagesLlmAnswers, pagesVersions, pagesVersionsImages } from "../../db/schema";
import type { OutlineStatus } from "~/lib/outline";
import { getDb } from "~/services/db.server";
import { ownedPageRef, type Actor, type PageRef } from "./access.server";

export async function getPageSummary(user: Actor, siteId: number, ref: PageRef) {
  const page = await ownedPageRef(user, ref, siteId);
  const pageId = page.id;
  const db = await getDb();
  type Row = {
    latest_version_id: number | null;
    latest_public_id: string | null;
    latest_approved: boolean | null;
    versions: number;
    keywords: number;
    llm_answers: number;
    images: number;
    outline: OutlineStatus | null;
  };
  // Both drivers answer raw SQL with { rows }.
  const result = (await db.execute(sql`
    select
      latest.id as latest_version_id,
      latest.public_id as latest_public_id,
      latest.approved as latest_approved,
      (select count(*)::int from ${pagesVersions} where ${pagesVersions.page} = ${pageId}) as versions,
      (select count(*)::int from ${pagesKeywords} where ${pagesKeywords.linkedPage} = ${pageId}) as keywords,
      (select count(*)::int from ${pagesLlmAnswers} where ${pagesLlmAnswers.linkedPage} = ${pageId}) as llm_answers,
      (select count(*)::int from ${pagesVersionsImages}
        where ${pagesVersionsImages.linkedPage} = ${pageId} and ${pagesVersionsImages.type} = 'proposition') as images,
      (select ${pageOutlines.status} from ${pageOutlines} where ${pageOutlines.page} = ${pageId} and ${pageOutlines.status} <> 'replaced'
        order by ${pageOutlines.status} = 'ready' desc, ${pageOutlines.createdAt} desc limit 1) as outline
    from (select 1) one
    left join lateral (select ${pagesVersions.id} as id, ${pagesVersions.publicId} as public_id, ${pagesVersions.approved} as approved
      from ${pagesVersions}
      where ${pagesVersions.page} = ${pageId} order by ${pagesVersions.createdDate} desc, ${pagesVersions.id} desc limit 1) latest on true
  `)) as unknown as { rows: Row[] };
  const row = result.rows[0];
  return {
    page,
    latestVersionId: row?.latest_version_id ?? null,
    /** The address of the newest version's public view (/view/{publicId}). */
    latestPublicId: row?.latest_public_id ?? null,
    /** Whether the newest version is approved (null: no version): publishing says when it is not (issue 38). */
    latestApproved: row?.latest_approved ?? null,
    /** The current outline's state: one waiting for approval, else an approved one; null when none. */
    outline: row?.outline ?? null,
    counts: { versions: row?.versions ?? 0, keywords: row?.keywords ?? 0, llmAnswers: row?.llm_answers ?? 0, images: row?.images ?? 0 },
  };
}
