/**
 * The background worker's queue (app/jobs/queue.server.ts) and loop (app/jobs/run.server.ts): atomic claims in order,
 * batches in order, leases that expire, back-off, permanent failures, and the contact_form handler.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { pagesActions } from "../../db/schema";
import { queueMailWith } from "~/jobs/outbox.server";
import {
  actionId,
  backoffSeconds,
  claimNextAction,
  completeAction,
  failAttempt,
  InvalidPayloadError,
  MAX_ATTEMPTS,
  queueActions,
  TASKS,
  type ActionName,
} from "~/jobs/queue.server";
import { resetEnvForTests } from "~/services/env.server";
import { plan, runOnce, startWorker } from "~/jobs/run.server";
import { useTestDatabase } from "../setup/database";
import { insertUser } from "../setup/factories";
import { mailsTo } from "../setup/outbox";

const database = useTestDatabase();
const contact = (text: string) => ({ pageId: null, info2: JSON.stringify({ name: "Ana", email: "ana@example.test", message: text }) });
const stateOf = async (id: number) => (await database.db.select().from(pagesActions).where(eq(pagesActions.id, id)))[0];
/**
 * Queues `count` contact messages as independent requests (one insert makes a batch, whose items wait for
 * each other), so that all of them can be claimed at once.
 */
async function queueIndependent(count: number, text: string) {
  const queued = await queueActions(
    null,
    "contact_form",
    Array.from({ length: count }, (_, i) => contact(`${text} ${i}`)),
  );
  await database.db
    .update(pagesActions)
    .set({ queued: null })
    .where(
      inArray(
        pagesActions.id,
        queued.map((q) => q.id),
      ),
    );
  return queued;
}

/**
 * Writes a request as it is stored, without the queue's check of its payload (as an earlier version of the
 * code, or a hand in the database, may have written it).
 */
async function storeUncheckedRequest(name: ActionName, info2: string) {
  const [row] = await database.db
    .insert(pagesActions)
    .values({ linkedAction: await actionId(name), info2 })
    .returning({ id: pagesActions.id });
  return row;
}

/** Clears the queue between tests so that each one sees only its own actions. */
async function clearQueue() {
  await database.db.delete(pagesActions);
}

describe("the queue", () => {
  it("claims the oldest due action once, under a lease, and only the kinds asked for", async () => {
    await clearQueue();
    const [first] = await queueActions(null, "contact_form", [contact("first message")]);
    const [second] = await queueActions(null, "contact_form", [contact("second message")]);
    expect(await claimNextAction("w1", ["serps"], 60)).toBeNull();

    const a = await claimNextAction("w1", ["contact_form"], 60);
    const b = await claimNextAction("w2", ["contact_form"], 60);
    expect([a?.id, b?.id]).toEqual([first.id, second.id]);
    expect(a).toMatchObject({ name: "contact_form", attempts: 1 });
    expect(await claimNextAction("w3", ["contact_form"], 60)).toBeNull();
    const row = await stateOf(first.id);
    expect(row).toMatchObject({ state: "running", workerId: "w1", attempts: 1 });
    expect(row.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it("never gives one action to two workers claiming at the same moment (in parallel on PostgreSQL)", async () => {
    await clearQueue();
    await queueIndependent(6, "parallel");
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => claimNextAction(`w${i}`, ["contact_form"], 60)));
    const ids = claims.filter(Boolean).map((c) => c!.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it("takes again an action whose worker died (lease expired), and ignores the late word of the first worker", async () => {
    await clearQueue();
    const [action] = await queueActions(null, "contact_form", [contact("lease")]);
    await claimNextAction("dead", ["contact_form"], 60);
    await database.db
      .update(pagesActions)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(pagesActions.id, action.id));
    const again = await claimNextAction("alive", ["contact_form"], 60);
    expect(again).toMatchObject({ id: action.id, attempts: 2 });
    await completeAction(action.id, "dead");
    expect(await stateOf(action.id)).toMatchObject({ state: "running", workerId: "alive" });
    await completeAction(action.id, "alive");
    expect(await stateOf(action.id)).toMatchObject({ state: "done", leaseUntil: null });
  });

  it("runs a batch in order: an item waits for the earlier ones of its batch", async () => {
    await clearQueue();
    const user = await insertUser(database.db);
    const batch = await queueActions(user, "contact_form", [contact("one"), contact("two"), contact("three")]);
    const first = await claimNextAction("w", ["contact_form"], 60);
    expect(first?.id).toBe(batch[0].id);
    expect(await claimNextAction("w", ["contact_form"], 60)).toBeNull();
    await completeAction(batch[0].id, "w");
    expect((await claimNextAction("w", ["contact_form"], 60))?.id).toBe(batch[1].id);
  });

  it("holds a request that runs after another until that one has finished, however it ended (issue 38)", async () => {
    await clearQueue();
    // Each end of the first: done, failed for good, cancelled, parked for a missing provider.
    for (const end of ["done", "failed", "cancelled", "waiting"] as const) {
      const [first] = await queueIndependent(1, `first (${end})`);
      const [then] = await queueActions(null, "contact_form", [{ ...contact(`then (${end})`), runsAfter: first.id }]);
      expect(await stateOf(then.id)).toMatchObject({ runsAfter: first.id, state: "queued" });
      // Held while the first is queued (also between two attempts) or running.
      const claimed = await claimNextAction("w", ["contact_form"], 60);
      expect(claimed?.id).toBe(first.id);
      expect(await claimNextAction("w", ["contact_form"], 60)).toBeNull();
      await failAttempt(first.id, "w", "a passing failure", 0);
      await database.db
        .update(pagesActions)
        .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
        .where(eq(pagesActions.id, first.id));
      expect(await claimNextAction("w", ["contact_form"], 60)).toBeNull();
      // The first ends: the second is due.
      await database.db.update(pagesActions).set({ state: end, nextAttemptAt: null, workerId: null }).where(eq(pagesActions.id, first.id));
      expect((await claimNextAction("w", ["contact_form"], 60))?.id).toBe(then.id);
      await completeAction(then.id, "w");
    }
    // Gone (its page deleted, say): the second no longer waits.
    const [first] = await queueIndependent(1, "first (deleted)");
    const [then] = await queueActions(null, "contact_form", [{ ...contact("then (deleted)"), runsAfter: first.id }]);
    await database.db.delete(pagesActions).where(eq(pagesActions.id, first.id));
    expect(await stateOf(then.id)).toMatchObject({ runsAfter: null });
    expect((await claimNextAction("w", ["contact_form"], 60))?.id).toBe(then.id);
  });

  it("puts a failed attempt back with a delay, or fails it for good with the reason", async () => {
    await clearQueue();
    const [action] = await queueActions(null, "contact_form", [contact("retry")]);
    await claimNextAction("w", ["contact_form"], 60);
    await failAttempt(action.id, "w", "SMTP answered 451", 30);
    expect(await stateOf(action.id)).toMatchObject({ state: "queued", lastError: "SMTP answered 451" });
    expect(await claimNextAction("w", ["contact_form"], 60)).toBeNull();
    await database.db
      .update(pagesActions)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(pagesActions.id, action.id));
    expect((await claimNextAction("w", ["contact_form"], 60))?.attempts).toBe(2);
    await failAttempt(action.id, "w", "still failing", null);
    expect(await stateOf(action.id)).toMatchObject({ state: "failed", lastError: "still failing" });
  });

  it("backs off exponentially with jitter, capped at five minutes", () => {
    expect(backoffSeconds(1, () => 1)).toBe(2);
    expect(backoffSeconds(3, () => 1)).toBe(8);
    expect(backoffSeconds(20, () => 1)).toBe(300);
    expect(backoffSeconds(3, () => 0)).toBe(1);
    expect(backoffSeconds(4, () => 0.5)).toBe(8);
  });
});

describe("the worker", () => {
  it("mails a queued contact message to the team and marks it done", async () => {
    await clearQueue();
    const [action] = await queueActions(null, "contact_form", [contact("Please call me back about pricing.")]);
    expect(await runOnce("w")).toBe(true);
    expect(await stateOf(action.id)).toMatchObject({ state: "done", attempts: 1 });
    const mails = (await mailsTo("contact@seo-ia-content.fr")).filter((m) => m.text.includes("Please call me back about pricing."));
    expect(mails).toHaveLength(1);
    expect(await runOnce("w")).toBe(false);
  });

  it("starts a request queued by its own process at once, without waiting for its next look at the queue", async () => {
    await clearQueue();
    // A look every ten minutes: only being told of the request can start it within the test's time.
    const worker = startWorker({ pollMs: 600_000, workerId: "told" });
    try {
      await vi.waitFor(async () => expect(await runOnce("other")).toBe(false));
      const [first] = await queueActions(null, "contact_form", [contact("Told at once, first.")]);
      await vi.waitFor(async () => expect((await stateOf(first.id)).state).toBe("done"), { timeout: 10_000, interval: 50 });
      // Told again while it waits: the second one starts too.
      const [second] = await queueActions(null, "contact_form", [contact("Told at once, second.")]);
      await vi.waitFor(async () => expect((await stateOf(second.id)).state).toBe("done"), { timeout: 10_000, interval: 50 });
      expect((await stateOf(second.id)).workerId).toBe("told");
    } finally {
      await worker.stop();
    }
  });

  it("fails at once, with the spec's message, a contact request missing a field", async () => {
    await clearQueue();
    const action = await storeUncheckedRequest("contact_form", JSON.stringify({ name: "Ana", message: "no address" }));
    await runOnce("w");
    expect(await stateOf(action.id)).toMatchObject({
      state: "failed",
      lastError: "All fields (email, name, message) are required",
      attempts: 1,
    });
  });

  it("refuses to queue a request whose payload does not match its task, naming the field, and records nothing", async () => {
    await clearQueue();
    const refused = queueActions(null, "serps", [{ pageId: 1, info2: "not a keyword id" }]);
    await expect(refused).rejects.toBeInstanceOf(InvalidPayloadError);
    await expect(refused).rejects.toThrow("Invalid serps request: info2: expected a keyword id");
    await expect(queueActions(null, "contact_form", [{ pageId: null, info2: JSON.stringify({ name: "Ana" }) }])).rejects.toThrow(
      "Invalid contact_form request: All fields (email, name, message) are required",
    );
    expect(await database.db.select({ id: pagesActions.id }).from(pagesActions)).toEqual([]);
  });

  it("fails at once, naming the field, a stored request that its task cannot read, without running the task", async () => {
    await clearQueue();
    const action = await storeUncheckedRequest("send_email", "{not json");
    const run = vi.fn(async () => undefined);
    expect(await runOnce("w", { send_email: { ...TASKS.send_email, run } })).toBe(true);
    expect(await stateOf(action.id)).toMatchObject({ state: "failed", attempts: 1, lastError: "info2: expected JSON text" });
    expect(run).not.toHaveBeenCalled();
  });

  it(`retries a failing handler with back-off and gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    await clearQueue();
    const [action] = await queueActions(null, "contact_form", [contact("flaky")]);
    const failing = { contact_form: { ...TASKS.contact_form, run: vi.fn(async () => Promise.reject(new Error("connection refused"))) } };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await database.db
        .update(pagesActions)
        .set({ nextAttemptAt: null })
        .where(inArray(pagesActions.id, [action.id]));
      expect(await runOnce("w", failing)).toBe(true);
      const row = await stateOf(action.id);
      expect(row.attempts).toBe(attempt);
      expect(row.state).toBe(attempt < MAX_ATTEMPTS ? "queued" : "failed");
      if (attempt < MAX_ATTEMPTS) expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    }
    expect(failing.contact_form.run).toHaveBeenCalledTimes(MAX_ATTEMPTS);
    expect((await stateOf(action.id)).lastError).toBe("connection refused");
    // Without provider settings, only the e-mails (contact form, queued accounts' e-mails) and publishing (each
    // site's own connection) run.
    expect(Object.keys(plan().runnable)).toEqual([
      "contact_form",
      "send_email",
      "publish_article",
      "notification_email",
      "notification_digest",
      "check_sources",
    ]);
  });

  it("shares the queue between two workers: every action runs exactly once", async () => {
    await clearQueue();
    const queued = await queueIndependent(30, "shared");
    const runs: { worker: string; id: number }[] = [];
    const loop = async (worker: string) => {
      const handlers = {
        contact_form: {
          ...TASKS.contact_form,
          run: async (action: { id: number }) => {
            runs.push({ worker, id: action.id });
            await new Promise((resolve) => setTimeout(resolve, 2));
          },
        },
      };
      while (await runOnce(worker, handlers));
    };
    await Promise.all([loop("left"), loop("right")]);
    expect(runs.map((r) => r.id).sort((a, b) => a - b)).toEqual(queued.map((q) => q.id).sort((a, b) => a - b));
    expect(new Set(runs.map((r) => r.worker))).toEqual(new Set(["left", "right"]));
    const states = await database.db.select({ state: pagesActions.state }).from(pagesActions);
    expect(states.every((row) => row.state === "done")).toBe(true);
  });

  it("renews the lease while a handler works, so a slow action is not taken by another worker", async () => {
    await clearQueue();
    vi.stubEnv("WORKER_LEASE_SECONDS", "2");
    resetEnvForTests();
    try {
      const [action] = await queueActions(null, "contact_form", [contact("slow")]);
      let stolen: unknown = "not tried";
      const slow = {
        contact_form: {
          ...TASKS.contact_form,
          run: async () => {
            // Past the first lease's end, another worker looks for work.
            await new Promise((resolve) => setTimeout(resolve, 2600));
            stolen = await claimNextAction("thief", ["contact_form"], 2);
          },
        },
      };
      await runOnce("slow-worker", slow);
      expect(stolen).toBeNull();
      expect(await stateOf(action.id)).toMatchObject({ state: "done", attempts: 1, workerId: "slow-worker" });
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTests();
    }
  });

  it("tells the handler when another worker took its action, so that its results are not written", async () => {
    await clearQueue();
    vi.stubEnv("WORKER_LEASE_SECONDS", "2");
    resetEnvForTests();
    try {
      const [action] = await queueActions(null, "contact_form", [contact("stolen")]);
      let wrote = false;
      const handlers = {
        contact_form: {
          ...TASKS.contact_form,
          run: async ({ signal }: { signal: AbortSignal }) => {
            // Another worker takes the action (as after an expired lease) while this one works.
            await database.db.update(pagesActions).set({ workerId: "other" }).where(eq(pagesActions.id, action.id));
            await new Promise((resolve) => setTimeout(resolve, 1200));
            signal.throwIfAborted();
            wrote = true;
          },
        },
      };
      await runOnce("first", handlers);
      expect(wrote).toBe(false);
      // The action is still the other worker's: the first one's failure is not recorded either.
      expect(await stateOf(action.id)).toMatchObject({ state: "running", workerId: "other", lastError: null });
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTests();
    }
  });
});

describe("send_email", () => {
  it("sends a message queued with other writes once, and fails at once, saying why, on an incomplete one", async () => {
    const to = `queued-${Date.now()}@example.test`;
    const [good] = await queueMailWith(database.db, [
      { to, subject: "Queued hello", text: "Plain body", html: "<p>Plain body</p>", replyTo: "team@example.test" },
    ]);
    const bad = await storeUncheckedRequest("send_email", JSON.stringify({ subject: "No recipient" }));
    while (await runOnce("mail-worker", { send_email: plan().runnable.send_email! }));
    expect(await stateOf(good.id)).toMatchObject({ state: "done", attempts: 1 });
    // Sent: the body (which may hold a one-time link) is no longer kept.
    expect(JSON.parse((await stateOf(good.id)).info2!)).toEqual({ to, subject: "Queued hello", sent: true });
    const mails = await mailsTo(to);
    expect(mails.map((m) => [m.subject, m.text.trim()])).toEqual([["Queued hello", "Plain body"]]);
    expect(mails[0].headers["reply-to"]).toContain("team@example.test");
    expect(await stateOf(bad.id)).toMatchObject({ state: "failed", attempts: 1, lastError: "The queued e-mail is incomplete" });
  });
});
