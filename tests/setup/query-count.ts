/** How many statements a piece of server code sends to the database: for the "one query per list" rules. */
import { vi } from "vitest";
import type { Db } from "~/services/db.server";

/** Runs `run` and counts the statements it sends (the driver's client counts them). */
export async function countQueries<T>(db: Db, run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, "query");
  try {
    const result = await run();
    return { result, queries: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}
