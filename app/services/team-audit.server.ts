/**
 * The team's audit log (issue 14): one line per team action, written with the action's own writes (pass the
 * transaction) so that the line exists exactly when the action does. The table refuses changes and deletions
 * (migration 0012). The console reads it through models/team-audit.server.ts.
 */
import { teamAuditLog } from "../../db/schema";
import type { AuditAction } from "~/lib/team-audit";
import { getDb, type Db } from "./db.server";

/** Who acted: a team member (their id and e-mail), the command line, or the service itself (a request closed by its delivered draft, issue 38). */
export type AuditActor = { id: string; email: string } | "command line" | "service";

const ACTOR_LABELS = { "command line": "ligne de commande", service: "service (automatique)" } as const;

export type AuditEntry = {
  actor: AuditActor;
  action: AuditAction;
  record?: { type: "user" | "site" | "page" | "version" | "action" | "message" | "inbox" | "llm" | "tone"; id: string | number };
  details?: Record<string, unknown>;
};

export async function writeAudit(entry: AuditEntry, tx?: Db): Promise<void> {
  const db = tx ?? (await getDb());
  const { actor } = entry;
  await db.insert(teamAuditLog).values({
    actorId: typeof actor === "string" ? null : actor.id,
    actorLabel: typeof actor === "string" ? ACTOR_LABELS[actor] : actor.email,
    action: entry.action,
    recordType: entry.record?.type ?? null,
    recordId: entry.record ? String(entry.record.id) : null,
    details: entry.details ?? null,
  });
}
