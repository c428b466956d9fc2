/**
 * Cuts the content score's validity fixture (issue 39), tests/fixtures/content-score/cdtn-topics.json, from real
 * data: the French labour-law site's search topics (code-du-travail-numerique), each with the references its
 * editors graded 1-5 (../shared/data/search/cdtn-prequalified-2020.json), their ranks in the site's search
 * (`@socialgouv/datafiller-data` 2.15.0, data/requests.json) and the text of the pages
 * (`@socialgouv/fiches-travail-data` 4.1174.0: travail-emploi.gouv.fr pages with their sections).
 *
 * Join: a reference /fiche-ministere-travail/<slug> is the page whose title has that slug (the packages keep no
 * older URL); with an anchor (#Quelles-sont-les-modalites-de-paiement) it is the section of that page whose title
 * has the anchor's slug, as the site's search returned sections of these pages (its title then is "<page's
 * title> : <section's title>", as the site showed it; the graded file's own titles are sometimes a URL). A reference that joins nothing (another kind of page, a page or section renamed since 2020) is left out.
 * Kept: topics with at least MIN_PAGES distinct joined pages. Pages are stored once (by URL) as HTML: the page's
 * title as h1, its introduction, each section's title as h2 and the section's HTML as the package has it.
 *
 *   npx tsx scripts/cut-content-score-fixture.ts
 *
 * The packages' tarballs are read from .tmp/socialgouv/ (they are not dependencies: fiches-travail-data pulls a
 * 155 MB one); get them with
 *   mkdir -p .tmp/socialgouv && cd .tmp/socialgouv && npm pack @socialgouv/datafiller-data@2.15.0 @socialgouv/fiches-travail-data@4.1174.0
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const TARBALLS = path.join(ROOT, ".tmp/socialgouv");
const DATAFILLER = "socialgouv-datafiller-data-2.15.0.tgz";
const FICHES = "socialgouv-fiches-travail-data-4.1174.0.tgz";
const PREQUALIFIED = path.resolve(ROOT, "../shared/data/search/cdtn-prequalified-2020.json");
const OUT = path.join(ROOT, "tests/fixtures/content-score/cdtn-topics.json");
const MIN_PAGES = 4;

type Prequalified = { title: string; variants: string[]; refs: { url: string; title: string; relevance: number }[] };
type Requests = { title: string; refs: { url: string; position: number }[] };
type Fiche = { title: string; url: string; intro: string; sections: { anchor: string; title: string; html: string }[] };

export type FixtureRef = { url: string; grade: number; position: number | null; title: string };
export type FixtureTopic = { title: string; variants: string[]; refs: FixtureRef[] };
export type Fixture = { source: string; pages: Record<string, { title: string; html: string }>; topics: FixtureTopic[] };

function extract(tarball: string): string {
  const file = path.join(TARBALLS, tarball);
  if (!fs.existsSync(file)) {
    console.error(`Missing ${path.relative(ROOT, file)}. Get the packages' tarballs with:
  mkdir -p .tmp/socialgouv && cd .tmp/socialgouv && npm pack @socialgouv/datafiller-data@2.15.0 @socialgouv/fiches-travail-data@4.1174.0`);
    process.exit(1);
  }
  const folder = path.join(TARBALLS, tarball.replace(/\.tgz$/, ""));
  fs.mkdirSync(folder, { recursive: true });
  execFileSync("tar", ["-xzf", file, "-C", folder]);
  return path.join(folder, "package");
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, "utf8")) as T;

/** The site's slugs: accents stripped, lower case, anything else than letters and digits a single hyphen. */
function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** An anchor's slug without what the site's old anchors added: a "t2-" prefix, escaped « » and a trailing &nbsp;. */
function anchorSlug(anchor: string): string {
  return slug(
    anchor
      .replace(/^t\d+-/, "")
      .replace(/^(lt-)+/, "")
      .replace(/-nbsp$/, ""),
  );
}

function pageHtml(fiche: Fiche): string {
  const sections = fiche.sections.map((section) =>
    section.anchor ? `<h2>${escapeHtml(section.title)}</h2>\n${section.html}` : section.html,
  );
  return [`<h1>${escapeHtml(fiche.title)}</h1>`, fiche.intro, ...sections].join("\n");
}

/** A section as the site's search showed it: the page's title and the section's as its h1, then its HTML. */
function sectionPage(fiche: Fiche, section: Fiche["sections"][number]): { title: string; html: string } {
  const title = `${fiche.title} : ${section.title}`;
  return { title, html: `<h1>${escapeHtml(title)}</h1>\n${section.html}` };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The page (or section) a reference points to, when the package has it. */
function joinRef(url: string, fiches: Map<string, Fiche>): { title: string; html: string } | null {
  const match = /^\/fiche-ministere-travail\/([^#]+)(?:#(.+))?$/.exec(url);
  const fiche = match && fiches.get(match[1]);
  if (!fiche) return null;
  if (!match[2]) return { title: fiche.title, html: pageHtml(fiche) };
  const anchor = anchorSlug(match[2]);
  const section = fiche.sections.find((candidate) => {
    const own = slug(candidate.title);
    return own === anchor || (own.length > 0 && (own.startsWith(anchor) || anchor.startsWith(own)));
  });
  return section ? sectionPage(fiche, section) : null;
}

function main() {
  const datafiller = extract(DATAFILLER);
  const fichesFolder = extract(FICHES);
  const prequalified = readJson<Prequalified[]>(PREQUALIFIED);
  const requests = new Map(readJson<Requests[]>(path.join(datafiller, "data/requests.json")).map((topic) => [topic.title, topic]));
  const fiches = new Map(readJson<Fiche[]>(path.join(fichesFolder, "data/fiches-travail.json")).map((fiche) => [slug(fiche.title), fiche]));

  const pages: Fixture["pages"] = {};
  const topics: FixtureTopic[] = [];
  for (const topic of prequalified) {
    const positions = new Map((requests.get(topic.title)?.refs ?? []).map((ref) => [ref.url, ref.position]));
    const refs: FixtureRef[] = [];
    const joined: Fixture["pages"] = {};
    for (const ref of topic.refs) {
      const page = joinRef(ref.url, fiches);
      if (!page || joined[ref.url] || Object.values(joined).some((other) => other.html === page.html)) continue;
      joined[ref.url] = page;
      refs.push({ url: ref.url, grade: ref.relevance, position: positions.get(ref.url) ?? null, title: page.title });
    }
    if (refs.length < MIN_PAGES) continue;
    Object.assign(pages, joined);
    topics.push({ title: topic.title, variants: topic.variants, refs });
  }

  const fixture: Fixture = {
    source:
      "code-du-travail-numerique prequalified topics (commit 416030bcd3, March 2020) joined to @socialgouv/fiches-travail-data 4.1174.0 and @socialgouv/datafiller-data 2.15.0; Apache-2.0; see README.md",
    pages,
    topics,
  };
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, `${JSON.stringify(fixture)}\n`);
  const refs = topics.reduce((sum, topic) => sum + topic.refs.length, 0);
  console.log(
    `${topics.length} topics, ${refs} graded references, ${Object.keys(pages).length} pages, ${(fs.statSync(OUT).size / 1e6).toFixed(2)} MB -> ${path.relative(ROOT, OUT)}`,
  );
}

main();
