/** PGlite in its own thread (decision 024): what drizzle's driver uses behaves as PGlite does in the main thread. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPgliteThread, type PgliteThread } from "./pglite-thread.server";

let dir: string;
let db: PgliteThread;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-thread-"));
  db = await openPgliteThread(dir);
  await db.exec(
    "create table notes (id serial primary key, body text not null unique, at timestamptz not null default '2026-01-02 03:04:05+00')",
  );
}, 60_000);

afterAll(async () => {
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("openPgliteThread", () => {
  it("answers rows as objects or arrays, with the parsers' types kept as text", async () => {
    await db.query("insert into notes (body) values ($1), ($2)", ["one", "two"]);
    const objects = await db.query("select id, body from notes order by id");
    expect(objects.rows).toEqual([
      { id: 1, body: "one" },
      { id: 2, body: "two" },
    ]);
    const arrays = await db.query("select body, at from notes where id = $1", [1], {
      rowMode: "array",
      parsers: { 1184: (v: string) => v },
    });
    expect(arrays.rows).toEqual([["one", "2026-01-02 03:04:05+00"]]);
    // Without that parser, PGlite's own (a Date), as in the main thread.
    const dated = await db.query<{ at: unknown }>("select at from notes where id = 1");
    expect(dated.rows[0]!.at).toBeInstanceOf(Date);
  });

  it("refuses a parser it cannot carry to the thread instead of dropping it", async () => {
    await expect(db.query("select 1", [], { parsers: { 23: (v: string) => Number(v) * 2 } })).rejects.toThrow(/only text parsers/);
  });

  it("passes PostgreSQL's error fields on", async () => {
    const error = await db.query("insert into notes (body) values ('one')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "notes_body_key" });
  });

  it("commits a transaction that returns, rolls back one that throws", async () => {
    await db.transaction(async (tx) => {
      await tx.query("insert into notes (body) values ('kept')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes (body) values ('dropped')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const { rows } = await db.query<{ body: string }>("select body from notes where body in ('kept', 'dropped')");
    expect(rows.map((r) => r.body)).toEqual(["kept"]);
  });

  it("makes a query sent outside a transaction wait until the transaction ends", async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query("insert into notes (body) values ('in the transaction')");
      outside = db.query<{ n: number }>("select count(*)::int as n from notes where body = 'in the transaction'").then((r) => {
        order.push(`outside saw ${r.rows[0]!.n}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push("committing");
    });
    await outside;
    expect(order).toEqual(["committing", "outside saw 1"]);
  });

  it("refuses a query on a transaction that has ended", async () => {
    let kept: Parameters<Parameters<PgliteThread["transaction"]>[0]>[0] | undefined;
    await db.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query("select 1")).rejects.toThrow("The transaction has already ended.");
  });
});
