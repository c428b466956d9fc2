/**
 * What reaches the team's inbox (issue 14): a line written with the record that came in, in the same
 * transaction (pass it), so that a request, a message or a review decision never exists without its line.
 * The console reads and handles the lines through models/team-inbox.server.ts.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { teamInbox } from "../../db/schema";
import { getDb, type Db } from "./db.server";
import { writeAudit } from "./team-audit.server";

export type InboxArrival =
  | { kind: "first_article"; siteId: number; url: string; topic?: string | null }
  | { kind: "contact"; contactMessageId: number; name: string; email: string }
  | {
      kind: "review";
      versionId: number;
      decision: "revision" | "approved";
      comments: string | null;
      clientId: string;
      pageName: string;
      siteName: string;
    };

/** One line in, shown as `subject` even once the record it points to is gone. */
export async function recordInboxArrival(arrival: InboxArrival, tx?: Db): Promise<void> {
  const db = tx ?? (await getDb());
  switch (arrival.kind) {
    case "first_article":
      await db.insert(teamInbox).values({ kind: arrival.kind, siteId: arrival.siteId, subject: arrival.url, topic: arrival.topic ?? null });
      return;
    case "contact":
      await db
        .insert(teamInbox)
        .values({ kind: arrival.kind, contactMessageId: arrival.contactMessageId, subject: `${arrival.name} <${arrival.email}>` });
      return;
    case "review":
      await db.insert(teamInbox).values({
        kind: arrival.kind,
        versionId: arrival.versionId,
        decision: arrival.decision,
        comments: arrival.comments,
        clientId: arrival.clientId,
        subject: `${arrival.pageName} (${arrival.siteName})`,
      });
      return;
  }
}

/**
 * A page's article was written (its first draft, `versionId`): the first-article request whose trial article it is
 * (issue 38) is answered. It is marked handled (by nobody: the service, if nobody had marked it), linked to the draft,
 * and the audit log says so, in the writer's transaction. A later draft of the page is no new delivery.
 */
export async function closeTrialRequest(tx: Db, pageId: number, versionId: number): Promise<void> {
  const closed = await tx
    .update(teamInbox)
    .set({ deliveredVersion: versionId, handledAt: sql`coalesce(${teamInbox.handledAt}, now())` })
    .where(and(eq(teamInbox.pageId, pageId), eq(teamInbox.kind, "first_article"), isNull(teamInbox.deliveredVersion)))
    .returning({ id: teamInbox.id });
  for (const { id } of closed) {
    await writeAudit(
      { actor: "service", action: "inbox.trial_delivered", record: { type: "inbox", id }, details: { page: pageId, version: versionId } },
      tx,
    );
  }
}
