/**
 * The profile screen's linked accounts, read through their model (app/models/linked-account.server.ts), and the
 * health route's database check (app/services/health.server.ts): the two queries that routes used to build
 * themselves.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { account } from "../../db/schema";
import { linkedAccountId } from "~/models/linked-account.server";
import { loader as healthLoader } from "~/routes/api/health";
import { useTestDatabase } from "../setup/database";
import { insertUser } from "../setup/factories";

const database = useTestDatabase();

async function link(userId: string, providerId: string) {
  const id = crypto.randomUUID();
  await database.db.insert(account).values({ id, accountId: `${providerId}-${id}`, providerId, userId });
  return id;
}

describe("linkedAccountId", () => {
  it("answers the acting user's own account at a provider, and nobody else's", async () => {
    const owner = await insertUser(database.db);
    const neighbour = await insertUser(database.db);
    await link(owner.id, "credential");
    const linkedin = await link(owner.id, "linkedin");

    expect(await linkedAccountId(owner, "linkedin")).toBe(linkedin);
    expect(await linkedAccountId(neighbour, "linkedin")).toBeNull();
    expect(await linkedAccountId(owner, "google")).toBeNull();
  });
});

describe("GET /api/health", () => {
  it("answers 200 with the database's kind once it answers", async () => {
    const answer = await healthLoader({} as never);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.json()).toEqual({ status: "ok", database: database.kind });
  });
});
