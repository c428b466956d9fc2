/**
 * What reaches the team's inbox (issue 14): a line written with the record that came in, in the same
 * transaction (pass it), so that a request, a message or a review decision never exists without its line.
 * The console reads and handles the lines through models/team-inbox.server.ts.
 */
import { teamInbox } from "../../db/schema";
import { getDb, type Db } from "./db.server";

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
