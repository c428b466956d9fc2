/**
 * The competitors a site's brief names (issue 40), as something code can enforce: `site_briefs.competitors` is free
 * text ("Boulangerie Martin (boulangerie-martin.fr), https://www.painpain.com/boutique, Pains & Co"), so what can be
 * read out of it is
 *   - its URLs and bare domain names (an e-mail address counts for its domain): a link whose host is such a domain,
 *     or a subdomain of it, is a competitor's (www. aside);
 *   - its names without a domain, of at least 5 letters once written as a host label would ("Pains & Co" reads
 *     "painsco"): a link whose host has that label (painsco.fr, www.pains-co.com) is a competitor's too.
 * The site's own host is never a competitor, whatever the brief says.
 */

export type Competitors = { domains: string[]; labels: string[] };

export const NO_COMPETITORS: Competitors = { domains: [], labels: [] };

/** A host name as links are compared: lower case, punycode, without a leading www. and a trailing dot. */
export function hostKey(host: string): string {
  let name = host.trim().toLowerCase().replace(/\.$/, "");
  try {
    name = new URL(`http://${name}`).hostname;
  } catch {
    // Kept as written: it cannot match a real link's host anyway.
  }
  return name.replace(/^www\./, "");
}

/** A name as a host label would write it: letters and digits only, lower case, without accents. */
const labelOf = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/&/g, "")
    .replace(/[^a-z0-9]+/g, "");

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'(),;]+/giu;
/** A domain name: labels of letters, digits and hyphens, and a top-level domain of letters (2 to 24). */
const DOMAIN_PATTERN = /(?<![\p{L}\p{N}.-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,24}(?![\p{L}\p{N}-])/gu;
const MIN_LABEL = 5;

/** The competitors of a brief's free text; `siteUrl` (the site itself) is never one of them. */
export function parseCompetitors(text: string, siteUrl = ""): Competitors {
  const own = hostOf(siteUrl);
  const domains = new Set<string>();
  const labels = new Set<string>();
  for (const piece of text.split(/[\n,;|]+|\s+[-–—]\s+|\s+(?:and|et|or|ou)\s+/i)) {
    let found = false;
    const withoutUrls = piece.replace(URL_PATTERN, (url) => {
      const host = hostOf(url);
      if (host) domains.add(host);
      found = true;
      return " ";
    });
    for (const [domain] of withoutUrls.matchAll(DOMAIN_PATTERN)) {
      domains.add(hostKey(domain));
      found = true;
    }
    if (!found) {
      const label = labelOf(piece.replace(/\(.*?\)/g, " "));
      if (label.length >= MIN_LABEL && !/^\d+$/.test(label)) labels.add(label);
    }
  }
  if (own) {
    domains.delete(own);
    for (const label of labels) if (hostLabels(own).includes(label)) labels.delete(label);
  }
  return { domains: [...domains], labels: [...labels] };
}

function hostOf(url: string): string {
  try {
    return hostKey(new URL(url).hostname);
  } catch {
    return "";
  }
}

/** The labels of a host, each also without its hyphens ("pains-co" reads "painsco" too). */
function hostLabels(host: string): string[] {
  return host.split(".").flatMap((label) => [label, label.replace(/-/g, "")]);
}

/** Whether a link (an absolute URL) goes to one of the competitors. */
export function isCompetitorUrl(url: string, competitors: Competitors): boolean {
  const host = hostOf(url);
  if (!host) return false;
  if (competitors.domains.some((domain) => host === domain || host.endsWith(`.${domain}`))) return true;
  if (competitors.labels.length === 0) return false;
  // The labels before the top-level domain: "www.painsco.fr" has "painsco".
  const labels = hostLabels(host.split(".").slice(0, -1).join("."));
  return competitors.labels.some((label) => labels.includes(label));
}
