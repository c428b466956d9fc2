/**
 * An article asked of a language model, with the checks both article actions (create_article and
 * modify_articles_with_instructions) enforce in code: the meta description asked before the article is taken
 * out (lib/meta-description.server.ts), the article out of its code fence or document wrapper, cleaned with the
 * sanitizer's allow-list, and stripped of links it was not given; then `check` names what cannot be repaired.
 * A refused answer is sent back once with its problems named; refused again, the action fails with them. An answer
 * that falls short without being wrong (`shortfall`) is sent back once too, and kept if still short, marked held.
 * What the contract only wishes for (`wishes`: issue 40's 3-8 internal links) is named with the rest when an answer is
 * sent back, or sends it back by itself, once; the second answer is kept whatever it still lacks of it, not held: an
 * article with two internal links instead of three is worth no one's review (decision 042).
 * The answer's sources (`sources`, issue 40) are checked once it is accepted: broken links and claims their source does
 * not support are named and the answer sent back once (with whatever else it lacks); what the second answer still
 * gets wrong is kept, with its check, for the screens to flag and publishing to ask about (never silently).
 */
import type OpenAI from "openai";
import { extractHtml, removeInventedLinks, type LinkRules } from "~/lib/article-contract";
import { takeMetaDescription } from "~/lib/meta-description.server";
import { cleanArticleHtml } from "~/lib/sanitize.server";
import type { UsageTally } from "~/lib/usage";
import type { FixedSource } from "../../db/schema";
import type { CheckedClaim } from "./tasks/check_sources.server";
import { PermanentError } from "~/services/providers/http.server";
import { ask } from "~/services/providers/openrouter.server";

const failing = (checked: SourcesChecked | null) =>
  (checked?.rows ?? []).filter((row) => row.verdict === "broken" || row.verdict === "not_supported");

/** What the first answer's check found wrong that the second answer no longer holds (nothing when it was not sent back). */
function fixedSources(first: SourcesChecked | null, last: SourcesChecked | null): FixedSource[] {
  if (first === last) return [];
  const key = (row: CheckedClaim) => `${row.url}\n${row.claim ?? ""}`;
  const still = new Set(failing(last).map(key));
  return failing(first)
    .filter((row) => !still.has(key(row)))
    .map((row) => ({ url: row.url, claim: row.claim ?? null, kind: row.kind ?? "link", verdict: row.verdict as FixedSource["verdict"] }));
}

/** An answer's sources as checked: the rows to keep with the version, and the failures to name when sending it back. */
export type SourcesChecked = { rows: CheckedClaim[]; problems: string[] };

export async function askForArticle(options: {
  api: OpenAI;
  model: string;
  system: string;
  prompt: string;
  /** URLs the article may link to, besides the site itself. */
  allowedLinks: readonly string[];
  siteUrl: string;
  /** The site's inventory and the brief's competitors (issue 40): same-site links to its pages only, never a competitor. */
  links?: LinkRules;
  /** What is wrong with the cleaned HTML, beyond repair; [] when it is accepted. */
  check: (html: string) => string[];
  /**
   * What the answer falls short of without being wrong (issue 39: a content score below the top pages' median):
   * sent back once like a problem; still short the second time, the answer is kept and said to be `held`.
   */
  shortfall?: (html: string) => string | null;
  /** What the answer lacks that is asked once and never refused nor held for (issue 40: too few internal links). */
  wishes?: (html: string) => string[];
  /** Checks an accepted answer's sources: the rows to keep, and what to send back (broken links, unsupported claims). */
  sources?: (html: string) => Promise<SourcesChecked>;
  /** What the second request asks, after the problems: "Write the whole article again, fixing this." */
  again: string;
  /** How the failure names the answer: "The article". */
  what: string;
  usage: UsageTally;
  /** The lease of the task that asks. */
  signal?: AbortSignal;
}): Promise<{ html: string; metaDescription: string | null; held: boolean; sources: CheckedClaim[] | null; fixed: FixedSource[] }> {
  const attempt = async (request: string) => {
    const completion = await ask(options.api, options.model, request, options.system, options.signal);
    options.usage.add(completion.usage, { provider: "openrouter", model: options.model });
    const { description, rest } = takeMetaDescription(completion.text);
    const html = removeInventedLinks(cleanArticleHtml(extractHtml(rest)), options.allowedLinks, options.siteUrl, options.links).html;
    const problems = options.check(html);
    // Only an answer without problems is measured: a refused one is asked again anyway.
    const shortfall = problems.length ? null : (options.shortfall?.(html) ?? null);
    const wishes = options.wishes?.(html) ?? [];
    return { html, metaDescription: description, problems, shortfall, wishes };
  };
  // Only an accepted answer's sources are checked: a refused one is asked again anyway.
  const checkSources = async (answer: { html: string; problems: string[] }) =>
    answer.problems.length || !options.sources ? null : options.sources(answer.html);
  const first = await attempt(options.prompt);
  let result = first;
  let sources = await checkSources(first);
  const firstCheck = sources;
  // Once: the same request, with what was wrong or short.
  if (result.problems.length || result.shortfall || result.wishes.length || sources?.problems.length) {
    const said = [
      result.problems.length ? `Your previous answer was refused: ${result.problems.join("; ")}.` : null,
      result.shortfall ? `Your previous answer ${result.shortfall}.` : null,
      sources?.problems.length
        ? `Your previous answer's sources were checked, and these fail: ${sources.problems.join("; ")}. Quote the evidence word for word, give only what its page says, or remove the claim and its link.`
        : null,
      result.wishes.length ? `Also, your previous answer ${result.wishes.join("; ")}.` : null,
    ]
      .filter(Boolean)
      .join(" ");
    result = await attempt(`${options.prompt}\n\n${said} ${options.again}`);
    sources = await checkSources(result);
  }
  if (result.problems.length) throw new PermanentError(`${options.what} was refused twice: ${result.problems.join("; ")}`);
  return {
    html: result.html,
    metaDescription: result.metaDescription ?? first.metaDescription,
    held: result.shortfall !== null,
    sources: sources?.rows ?? null,
    fixed: fixedSources(firstCheck, sources),
  };
}
