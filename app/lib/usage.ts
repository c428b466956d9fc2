/**
 * What a provider reported for the work of one queued action: tokens and money (US dollars). Providers
 * report it per call; a task adds up its calls, and the queue stores the sum on the action.
 */
export type Usage = { tokensIn?: number; tokensOut?: number; costUsd?: number };

/** Which provider call a usage came from: the provider ('openrouter', 'dataforseo', 'images') and the model asked. */
export type SpendCall = { provider: string; model?: string | null };

/** The sum of what several provider calls of one action reported; a figure no call reported stays unknown (not 0). */
export class UsageTally implements Usage {
  tokensIn?: number;
  tokensOut?: number;
  costUsd?: number;
  /** Adds one call's usage (`call` says which call: the queue's meter records each one as it comes). */
  add(usage: Usage = {}, _call?: SpendCall) {
    const sum = (a: number | undefined, b: number | undefined) => (b === undefined || b === null ? a : (a ?? 0) + b);
    this.tokensIn = sum(this.tokensIn, usage.tokensIn);
    this.tokensOut = sum(this.tokensOut, usage.tokensOut);
    this.costUsd = sum(this.costUsd, usage.costUsd);
    return this;
  }
}
