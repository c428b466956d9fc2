/**
 * What AI work cost, as the screens say it: "$0.0123 · 4,210 tokens", from what the providers
 * reported (a request's own figures, a page's total, a site's total).
 */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });
const count = new Intl.NumberFormat("en-US");

/** "$0.0123 · 4,210 tokens"; either part is left out when unknown, "" when both are. */
export function costLabel(costUsd: number | null | undefined, tokens: number | null | undefined): string {
  const parts = [costUsd != null ? usd.format(costUsd) : null, tokens != null ? `${count.format(tokens)} tokens` : null].filter(Boolean);
  return parts.join(" · ");
}

/** A page's or a site's total (models/page-action.server AiWork), or null when no provider reported anything yet. */
export function aiWorkLabel(work: { reported: number; costUsd: number; tokens: number | null }): string | null {
  return work.reported > 0 ? costLabel(work.costUsd, work.tokens) : null;
}
