/**
 * PGlite in a thread of its own (decision 024). PGlite is PostgreSQL compiled to WebAssembly: every query runs
 * its engine and parses its answer in JavaScript, on the thread that asked. In the server's main thread that was
 * a third of the CPU under load, spent where React rendered and requests were answered; a server on PostgreSQL
 * does that work in another process. Here the database runs in a worker thread, on the machine's other core,
 * and the main thread only sends SQL and receives rows.
 *
 * The client below has the part of PGlite's interface that drizzle's PGlite driver uses: `query` (with its
 * `rowMode` and the parsers drizzle gives, which keep dates and intervals as text), `exec`, `transaction` and
 * `close`. PGlite runs one statement at a time and a transaction holds it, as in the main thread: a query sent
 * outside a transaction waits until the transaction ends.
 */
import { Worker } from "node:worker_threads";

type Row = Record<string, unknown> | unknown[];
type Results<R = Row> = { rows: R[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, (value: string, typeId: number) => unknown> };
type Transaction = {
  query: <R = Row>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<R>>;
  exec: (sql: string) => Promise<Results[]>;
};

type Request =
  | { op: "query"; sql: string; params: unknown[]; rowMode: "array" | "object"; textTypes: number[]; tx?: number }
  | { op: "exec"; sql: string; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "close" };
type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

/**
 * The thread's code, run by `new Worker(..., { eval: true })` as a CommonJS script. It is plain JavaScript text
 * (not a function's source, which a bundler may rewrite with helpers the thread would not have). It loads PGlite
 * from the URL the main thread resolved, and answers each request { id, request } with { id, ok, value | error }.
 */
const THREAD_SOURCE = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
const { pgliteUrl, dataDir } = workerData;
const ready = import(pgliteUrl).then((m) => m.PGlite.create(dataDir));
const open = new Map();
let nextTx = 0;
const ROLLBACK = Symbol("rollback");
const textParsers = (types) => Object.fromEntries(types.map((t) => [t, (value) => value]));
const ended = () => new Error("The transaction has already ended.");

function on(db, tx) {
  if (tx === undefined) return db;
  const entry = open.get(tx);
  if (!entry) throw ended();
  return entry.tx;
}

function begin(db) {
  return new Promise((begun, failed) => {
    const id = ++nextTx;
    let finish;
    const decided = new Promise((resolve) => (finish = resolve));
    // PGlite commits when the callback returns and rolls back when it throws.
    const done = db
      .transaction(async (tx) => {
        open.set(id, { tx, end: (commit) => (finish(commit), done) });
        begun(id);
        if (!(await decided)) throw ROLLBACK;
      })
      .catch((error) => {
        if (error !== ROLLBACK) throw error;
      })
      .finally(() => open.delete(id));
    done.catch(failed);
  });
}

async function run(db, request) {
  switch (request.op) {
    case "query":
      return on(db, request.tx).query(request.sql, request.params, { rowMode: request.rowMode, parsers: textParsers(request.textTypes) });
    case "exec":
      return on(db, request.tx).exec(request.sql);
    case "begin":
      return begin(db);
    case "end": {
      const entry = open.get(request.tx);
      if (!entry) throw ended();
      return entry.end(request.commit);
    }
    case "close":
      return db.close();
  }
}

parentPort.on("message", ({ id, request }) => {
  ready
    .then((db) => run(db, request))
    .then(
      (value) => parentPort.postMessage({ id, ok: true, value }),
      (error) => {
        const e = error instanceof Error ? error : new Error(String(error));
        // PostgreSQL's fields (code, detail, constraint...) travel with the message.
        const fields = Object.fromEntries(Object.entries(e).filter(([, v]) => v === null || ["string", "number", "boolean"].includes(typeof v)));
        parentPort.postMessage({ id, ok: false, error: { ...fields, name: e.name, message: e.message } });
      },
    );
});
`;

export type PgliteThread = Transaction & {
  transaction: <T>(fn: (tx: Transaction) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

/** Opens the database folder `dataDir` with PGlite in a worker thread; resolves once it answers a first query. */
export async function openPgliteThread(dataDir: string): Promise<PgliteThread> {
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { pgliteUrl: import.meta.resolve("@electric-sql/pglite"), dataDir },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let gone: Error | undefined;
  const fail = (error: Error) => {
    gone ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on("message", (answer: Answer) => {
    const call = pending.get(answer.id);
    if (!call) return;
    pending.delete(answer.id);
    if (answer.ok) call.resolve(answer.value);
    else call.reject(Object.assign(new Error(answer.error.message), answer.error));
  });
  worker.on("error", (error) => fail(error));
  worker.on("exit", (code) => fail(new Error(`The database thread stopped (exit code ${code}).`)));

  const send = <T>(request: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (gone) return reject(gone);
      const id = ++nextId;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, request });
    });

  const on = (tx?: number): Transaction => ({
    query: async <R = Row>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      send<Results<R>>({ op: "query", sql, params, rowMode: options.rowMode ?? "object", textTypes: textTypesOf(options), tx }),
    exec: (sql) => send<Results[]>({ op: "exec", sql, tx }),
  });

  const client: PgliteThread = {
    ...on(),
    async transaction(fn) {
      const tx = await send<number>({ op: "begin" });
      let value;
      try {
        value = await fn(on(tx));
      } catch (error) {
        await send({ op: "end", tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await send({ op: "end", tx, commit: true });
      return value;
    },
    async close() {
      if (!gone) await send({ op: "close" }).catch(() => undefined);
      await worker.terminate();
    },
  };
  try {
    await client.query("select 1");
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return client;
}

/**
 * The types whose parser keeps PostgreSQL's text (drizzle gives such parsers for dates, timestamps, intervals and
 * some arrays). Functions cannot go to the thread; any other parser is refused rather than silently dropped.
 */
function textTypesOf(options: QueryOptions): number[] {
  return Object.entries(options.parsers ?? {}).map(([type, parse]) => {
    if (parse("text", Number(type)) !== "text") throw new Error(`The database thread keeps only text parsers (type ${type}).`);
    return Number(type);
  });
}
