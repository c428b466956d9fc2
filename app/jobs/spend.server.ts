/**
 * Every provider call's usage and cost, recorded as soon as the provider answers (issue 14): the worker gives
 * each attempt a meter; a task adds each call's usage to it, and the meter writes a provider_usage line and adds
 * the figures to the action's totals at once. Calls of attempts that then fail, are retried or are abandoned by a
 * dead worker are counted as far as the provider answered, so that the cost of an article is the money spent.
 */
import { sql } from "drizzle-orm";
import { providerUsage } from "../../db/schema";
import { UsageTally, type SpendCall, type Usage } from "~/lib/usage";
import { getDb } from "~/services/db.server";
import { logger } from "~/services/logger.server";

const reported = (usage: Usage) =>
  [usage.tokensIn, usage.tokensOut, usage.costUsd].some((v) => typeof v === "number" && Number.isFinite(v));

/** Writes one call's usage and adds it to its action's totals, in one transaction. */
export async function recordSpend(action: { id: number; attempt: number; kind: string }, call: SpendCall, usage: Usage): Promise<void> {
  if (!reported(usage)) return;
  const db = await getDb();
  const num = (v: number | undefined) => (typeof v === "number" && Number.isFinite(v) ? v : null);
  await db.transaction(async (tx) => {
    await tx.insert(providerUsage).values({
      actionId: action.id,
      attempt: action.attempt,
      kind: action.kind,
      siteId: sql`(select "p"."site" from "pages_actions" "a" join "pages" "p" on "p"."id" = "a"."linked_page" where "a"."id" = ${action.id})`,
      provider: call.provider,
      model: call.model ?? null,
      tokensIn: num(usage.tokensIn),
      tokensOut: num(usage.tokensOut),
      costUsd: num(usage.costUsd)?.toFixed(6) ?? null,
    });
    await tx.execute(sql`
      update pages_actions set
        tokens_in = case when ${num(usage.tokensIn)}::int is null then tokens_in else coalesce(tokens_in, 0) + ${num(usage.tokensIn)}::int end,
        tokens_out = case when ${num(usage.tokensOut)}::int is null then tokens_out else coalesce(tokens_out, 0) + ${num(usage.tokensOut)}::int end,
        cost_usd = case when ${num(usage.costUsd)}::numeric is null then cost_usd else coalesce(cost_usd, 0) + ${num(usage.costUsd)}::numeric end
      where id = ${action.id}`);
  });
}

/** The usage of one attempt: a tally that also records each call as it is added. */
export class SpendMeter extends UsageTally {
  private readonly writes: Promise<void>[] = [];
  constructor(private readonly action: { id: number; attempt: number; kind: string }) {
    super();
  }

  override add(usage: Usage = {}, call: SpendCall = { provider: "unknown" }) {
    super.add(usage);
    this.writes.push(
      recordSpend(this.action, call, usage).catch((err: unknown) =>
        logger.error({ err, actionId: this.action.id, call }, "provider usage not recorded"),
      ),
    );
    return this;
  }

  /** Waits until every call added so far is written. */
  async settled(): Promise<void> {
    await Promise.all(this.writes);
  }
}
