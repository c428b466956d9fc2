/**
 * The sign-in accounts linked to a person (better-auth's `account` rows: e-mail and password, LinkedIn). Each
 * function reads the acting user's own rows only: another person's linked account behaves like a missing one.
 */
import { and, eq } from "drizzle-orm";
import { account } from "../../db/schema";
import { getDb } from "~/services/db.server";

type Actor = { id: string };

/** The id of the acting user's account at `providerId` (better-auth's account id, which unlinking takes), if linked. */
export async function linkedAccountId(actor: Actor, providerId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, actor.id), eq(account.providerId, providerId)))
    .limit(1);
  return row?.id ?? null;
}
