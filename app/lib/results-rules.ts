/**
 * What stored search results (SERP) and AI-assistant answers mean for a client's site: where the site
 * ranks, whether several of its pages compete for one keyword, whether an answer names or cites it.
 * Pure and import-free, so the server (jobs, models) and the browser (screens) read results the same way.
 */

/** One stored search result; `type` is the provider's item type ("organic", "paid", "featured_snippet"...). */
export type SearchResult = { position: number | null; url: string | null; type?: string | null };

/** Where the site appears: a 1-based position and the URL found there, as stored. */
export type SiteHit = { position: number; url: string };

/**
 * Query parameters that only say where a visitor came from. Two links differing only by them open the
 * same page, so they are dropped before URLs are compared (names compared in lower case).
 */
const TRACKING_PARAMS = new Set(["gclid", "fbclid", "msclkid", "mc_cid", "mc_eid", "_ga", "ref", "yclid", "igshid"]);

/** A DNS label as the URL parser leaves it (lower case; internationalised names already in punycode). */
const HOST_LABEL = /^[a-z0-9_-]+$/;

/** Characters that end a URL in prose without belonging to it: sentence punctuation, quotes, Markdown emphasis. */
const TRAILING_PUNCTUATION = /[.,;:!?'"*’”»›…。，、；：！？]$/u;

/** Closing brackets a URL may hold, with their opening one: stripped only when the URL did not open them itself. */
const BRACKETS: Record<string, string> = { ")": "(", "}": "{" };

/** A letter, digit or combining mark (a decomposed accent): what continues a word in any script. */
const WORD_CHAR = String.raw`[\p{L}\p{N}\p{M}]`;

/**
 * Parses a web address, with or without its scheme ("example.com/x", "//example.com"). Other schemes
 * (mailto:, javascript:, ftp://) are not web pages a result or an answer can point to, so they give null;
 * "example.com:8080" is a host and port, not a scheme.
 */
function parseWebUrl(text: string): URL | null {
  const input = text.trim();
  if (input === "") return null;
  let candidate: string;
  if (/^https?:/i.test(input)) candidate = input;
  else if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(input)) return null;
  else if (input.startsWith("//")) candidate = `http:${input}`;
  else candidate = `http://${input}`;
  try {
    return new URL(candidate);
  } catch {
    return null;
  }
}

/**
 * The comparable host of a parsed URL: trailing dot and one leading "www." removed (the parser already
 * lowercases and drops the port). A host needs two or more DNS labels: "localhost" or a single word is
 * not a site. "www.com" keeps its "www." because "com" alone is not a site either.
 */
function comparableHost(url: URL): string | null {
  const host = url.hostname.replace(/\.$/, "");
  const labels = host.split(".");
  if (labels.length < 2 || !labels.every((label) => HOST_LABEL.test(label))) return null;
  return labels.length > 2 && labels[0] === "www" ? labels.slice(1).join(".") : host;
}

/** The host of a site or result URL: lowercased, no scheme, port, leading "www." or trailing dot; null for other text. */
export function siteHost(url: string): string | null {
  const parsed = parseWebUrl(url);
  return parsed ? comparableHost(parsed) : null;
}

/** Whether the results showed an AI Overview, the site's URLs it cites (none: it does not cite the site), and the other domains it cites. */
export type AiOverviewLine = { present: boolean; siteUrls: string[]; domains: string[] };

/**
 * What an AI Overview means for the site (issue 42), from the URLs it cites: the site's (its host or a subdomain),
 * each once in order, and the other hosts, each once in order. Null when the check did not record the features.
 */
export function aiOverviewLine(present: boolean | null, urls: readonly string[] | null, siteUrl: string): AiOverviewLine | null {
  if (present === null) return null;
  const own = siteHost(siteUrl);
  const siteUrls: string[] = [];
  const domains: string[] = [];
  for (const url of urls ?? []) {
    const host = siteHost(url);
    if (!host) continue;
    if (own && hostMatchesSite(host, own)) {
      if (!siteUrls.includes(url)) siteUrls.push(url);
    } else if (!domains.includes(host)) domains.push(host);
  }
  return { present, siteUrls, domains };
}

/** Whether `host` is the site's host or one of its subdomains; both come from `siteHost`. */
export function hostMatchesSite(host: string, siteHostname: string): boolean {
  if (host === "" || siteHostname === "") return false;
  return host === siteHostname || host.endsWith(`.${siteHostname}`);
}

function isTrackingParam(name: string): boolean {
  const key = name.toLowerCase();
  return key.startsWith("utm_") || TRACKING_PARAMS.has(key);
}

/**
 * A URL reduced to what identifies the page, for comparing: host by `siteHost` rules (so no scheme,
 * "www." or port), path kept case-sensitive (servers treat it so) without trailing slashes, no fragment,
 * no tracking parameters, the other parameters sorted by name. "https://www.example.com/blog/post/?utm_source=x&id=2#top"
 * gives "example.com/blog/post?id=2". Null when the text is not a web URL.
 */
export function normalizeUrl(url: string): string | null {
  const parsed = parseWebUrl(url);
  const host = parsed ? comparableHost(parsed) : null;
  if (!parsed || !host) return null;
  // Percent-escapes differ only by hex case between writers ("%c3%a9" and "%C3%A9" are the same "é").
  const path = parsed.pathname.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase()).replace(/\/+$/, "");
  const params = new URLSearchParams();
  for (const [name, value] of parsed.searchParams) if (!isTrackingParam(name)) params.append(name, value);
  params.sort();
  const query = params.toString();
  return `${host}${path}${query ? `?${query}` : ""}`;
}

/** Whether two URLs open the same page, by `normalizeUrl`; text that is not a URL matches nothing. */
export function sameUrl(a: string, b: string): boolean {
  const left = normalizeUrl(a);
  return left !== null && left === normalizeUrl(b);
}

/** Only organic results are rankings; ads, snippets and other blocks are not. A result without type is organic. */
function isOrganic(result: SearchResult): boolean {
  return result.type == null || result.type === "organic";
}

/** Organic results on the site's host or a subdomain of it; none when the site URL has no host. */
function siteResults(results: readonly SearchResult[], siteUrl: string): (SearchResult & { url: string })[] {
  const site = siteHost(siteUrl);
  if (!site) return [];
  return results.filter((result): result is SearchResult & { url: string } => {
    if (!isOrganic(result) || result.url === null) return false;
    const host = siteHost(result.url);
    return host !== null && hostMatchesSite(host, site);
  });
}

/** The site's best (lowest) organic position and the URL ranking there; null when the site does not rank. */
export function sitePosition(results: readonly SearchResult[], siteUrl: string): SiteHit | null {
  let best: SiteHit | null = null;
  for (const { position, url } of siteResults(results, siteUrl)) {
    if (position === null || !Number.isFinite(position)) continue;
    if (!best || position < best.position) best = { position, url };
  }
  return best;
}

/**
 * The site's distinct pages among the organic results (normalized URLs), best position first; results
 * without a position come last. Two or more pages mean the site competes with itself for the keyword.
 */
export function competingPages(results: readonly SearchResult[], siteUrl: string): string[] {
  const rank = (result: SearchResult) => (result.position !== null && Number.isFinite(result.position) ? result.position : Infinity);
  const ordered = siteResults(results, siteUrl).sort((a, b) => rank(a) - rank(b));
  const pages = ordered.map((result) => normalizeUrl(result.url)).filter((page): page is string => page !== null);
  return [...new Set(pages)];
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}

/**
 * A name as a pattern: any run of spaces between its words (answers wrap lines and use non-breaking
 * spaces), any apostrophe for another (assistants write "L’Atelier" for "L'Atelier").
 */
function namePattern(name: string): string {
  return name
    .split(/\s+/u)
    .map((word) => escapeRegExp(word).replace(/['’ʼ]/gu, "['’ʼ]"))
    .join(String.raw`\s+`);
}

/**
 * The domain as written in the site URL, lowercased, when it holds non-ASCII letters: `siteHost` gives
 * punycode ("xn--ptisserie-..."), but answers write "pâtisserie.fr". Null for ASCII domains.
 */
function unicodeHost(siteUrl: string): string | null {
  const raw = siteUrl
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")
    .split(/[/?#:]/)[0]
    .normalize("NFC")
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\.(?=[^.]+\.)/, "");
  return /[^\p{ASCII}]/u.test(raw) ? raw : null;
}

/**
 * Whether an answer names the site: its name or its domain, as a whole word in any case. Letters,
 * digits and accents of any script continue a word, so "Dupont" is not found in "Duponts" or "LeDupont".
 * A domain may follow "www." or a subdomain but may not go on as a longer domain
 * ("boulangerie-dupont.fr.example.com" is not the site). Names under 3 characters match too much
 * text to mean anything, so only the domain counts then, as it does for a blank name.
 */
export function mentionsSite(text: string, siteName: string, siteUrl: string): boolean {
  const patterns: string[] = [];
  const name = siteName.normalize("NFC").trim();
  if (Array.from(name).length >= 3) patterns.push(`(?<!${WORD_CHAR})${namePattern(name)}(?!${WORD_CHAR})`);
  const domains = [siteHost(siteUrl), unicodeHost(siteUrl)].filter((domain): domain is string => domain !== null);
  for (const domain of new Set(domains)) {
    patterns.push(String.raw`(?<![\p{L}\p{N}\p{M}_-])${escapeRegExp(domain)}(?![\p{L}\p{N}\p{M}_-]|\.[\p{L}\p{N}])`);
  }
  if (patterns.length === 0) return false;
  return new RegExp(patterns.join("|"), "iu").test(text.normalize("NFC"));
}

/**
 * A URL found in prose without what surrounds it: trailing punctuation, quotes and emphasis, and closing
 * brackets it did not open ("(https://x.fr/a)" loses its ")", "https://fr.wikipedia.org/wiki/Pain_(aliment)" keeps it).
 */
function trimUrl(candidate: string): string {
  const count = (text: string, char: string) => text.split(char).length - 1;
  let url = candidate;
  for (;;) {
    const last = url.slice(-1);
    const opening = BRACKETS[last];
    const unopened = opening !== undefined && count(url, opening) < count(url, last);
    if (!TRAILING_PUNCTUATION.test(last) && !unopened) return url;
    url = url.slice(0, -1);
  }
}

/**
 * The http(s) URLs an answer cites, in order of first appearance, one per page (`normalizeUrl`), each as
 * first written. Markdown links `[label](url)` give their URL; square brackets and angle brackets never
 * belong to a URL, so "[https://a.fr](https://a.fr)" and "<https://a.fr>" split where Markdown does.
 */
export function citedUrlsIn(text: string): string[] {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const [match] of text.matchAll(/https?:\/\/[^\s<>"`[\]]+/giu)) {
    const url = trimUrl(match);
    const key = normalizeUrl(url);
    if (key === null || seen.has(key)) continue;
    seen.add(key);
    urls.push(url);
  }
  return urls;
}

/** The first cited URL on the site's host or a subdomain, with its 1-based position in the list; null when none. */
export function citationOfSite(citedUrls: readonly string[], siteUrl: string): SiteHit | null {
  const site = siteHost(siteUrl);
  if (!site) return null;
  const index = citedUrls.findIndex((url) => {
    const host = siteHost(url);
    return host !== null && hostMatchesSite(host, site);
  });
  return index === -1 ? null : { position: index + 1, url: citedUrls[index] };
}

/** The distinct hosts (`siteHost`) of the cited URLs, in order of first citation. */
export function citedDomains(citedUrls: readonly string[]): string[] {
  const hosts = citedUrls.map(siteHost).filter((host): host is string => host !== null);
  return [...new Set(hosts)];
}

/** Top-level domains that an assistant's "example.com"-like word is taken as a site for (not file names or versions). */
const NAMED_TLDS = "com|net|org|io|co|fr|de|es|it|be|ch|uk|nl|pt|eu|ca|us|info|biz|app|dev|ai|shop|blog";
const NAMED_DOMAIN = new RegExp(
  String.raw`(?<![\p{L}\p{N}@./-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${NAMED_TLDS})(?![\p{L}\p{N}-])`,
  "giu",
);

/**
 * The domains an answer names or links, in order of first appearance (hosts by siteHost's rules): the sites an
 * assistant points its reader to, competitors included, whether it gives a URL or only the name of the domain.
 */
export function mentionedDomains(text: string): string[] {
  const found = [...citedDomains(citedUrlsIn(text))];
  for (const match of text.matchAll(NAMED_DOMAIN)) {
    const host = siteHost(match[0]);
    if (host && !found.includes(host)) found.push(host);
  }
  return found;
}

/** The purpose signed into the monthly report's unsubscribe links (services/secret-tokens.server.ts). */
export const REPORT_UNSUBSCRIBE_PURPOSE = "report-unsubscribe";

/** Pages of the site that compete for a keyword: several of its URLs in the results, or several of its pages targeting it. */
export const cannibalised = (ranking: { competingUrls: readonly string[]; targetingPages: readonly unknown[] }) =>
  ranking.competingUrls.length > 1 || ranking.targetingPages.length > 1;

/** The highest monthly cap of a site's automatic checks the console accepts (US dollars). */
export const MAX_CHECKS_CAP_USD = 1000;

/** How often a site's checks run by themselves (issue 17): off, weekly or monthly. */
export const CHECK_FREQUENCIES = ["off", "weekly", "monthly"] as const;
export type CheckFrequency = (typeof CHECK_FREQUENCIES)[number];

/** A month as 'YYYY-MM' and its bounds (UTC); null when the text is not a month. */
export function monthBounds(month: string): { start: Date; end: Date } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  if (index < 0 || index > 11) return null;
  return { start: new Date(Date.UTC(year, index, 1)), end: new Date(Date.UTC(year, index + 1, 1)) };
}

/**
 * The months from `first`'s to `now`'s ('YYYY-MM', UTC as the schedule's), newest first: those a site's report can
 * be read for. Now's month alone when `first` is later (a clock moved back).
 */
export function monthsBetween(first: Date, now: Date): string[] {
  const months: string[] = [];
  const start = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1);
  for (let at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)); at.getTime() >= start; at.setUTCMonth(at.getUTCMonth() - 1))
    months.push(at.toISOString().slice(0, 7));
  return months.length ? months : [now.toISOString().slice(0, 7)];
}

/** The month before `now`'s, as 'YYYY-MM': the one the month's first days report on. */
export const reportMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
