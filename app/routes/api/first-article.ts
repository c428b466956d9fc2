/**
 * POST /api/first-article — the first-article form (spec part 3) as the island of /first-article posts it
 * (app/islands/first-article-form.ts). The same intake as the page's action (routes/public/first-article),
 * answered in JSON: `{ ok: true, redirectTo }` with the success toast's cookie, where the island then goes;
 * `{ ok: false, result }`, conform's result with the fields' messages; `{ ok: false, toast }`, the notice
 * when it was not taken (429 with Retry-After, or 500).
 */
import { data } from "react-router";
import type { Route } from "./+types/first-article";
import { takeFirstArticle } from "~/routes/public/first-article/intake.server";
import { reply } from "~/services/route-action.server";

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return reply({ ok: false }, 405, { Allow: "POST" });
  const outcome = await takeFirstArticle(request);
  switch (outcome.kind) {
    case "taken":
      return data({ ok: true, redirectTo: outcome.to }, { headers: outcome.headers });
    case "invalid":
      return reply({ ok: false, result: outcome.result });
    case "refused":
      return reply({ ok: false, toast: outcome.toast }, outcome.status, outcome.headers);
  }
}

export function loader() {
  return data({ ok: false }, { status: 405, headers: { Allow: "POST" } });
}
