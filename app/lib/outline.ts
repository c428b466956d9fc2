/**
 * An article's outline (issue 16), as the client reads and edits it: a title, an angle, a plan of h2 sections
 * with their h3 subsections, target keywords and sources. The plan is edited as text, one heading a line:
 * "## " starts a section, "### " a subsection of the section above it (the Markdown a writer already knows).
 * Shared by the outline screen, its form schema and the task that writes outlines.
 */
export type OutlineSection = { heading: string; subheadings: string[] };

/** What an outline says: as the writer proposes it, as the client edits it, and as the article is written from it. */
export type OutlineContent = { title: string; angle: string; sections: OutlineSection[]; keywords: string[]; sources: string[] };

/**
 * Who approves a site's outlines (issue 38, the brief's setting): its owner, or the team (a trial started before the
 * client has an account); the outline-ready notification goes to them.
 */
export const OUTLINE_APPROVERS = ["client", "team"] as const;
export type OutlineApprover = (typeof OUTLINE_APPROVERS)[number];

export const OUTLINE_LIMITS = {
  title: 200,
  angle: 1000,
  heading: 200,
  /** An article of 1,500 words or more has a few sections; more than this is not an outline any more. */
  minSections: 2,
  maxSections: 15,
  maxSubheadings: 8,
  keywords: 20,
  keyword: 100,
  sources: 15,
  source: 500,
  instructions: 2000,
} as const;

/** The plan as the editor shows it: "## Section" lines, each followed by its "### Subsection" lines. */
export function planText(sections: readonly OutlineSection[]): string {
  return sections.flatMap((section) => [`## ${section.heading}`, ...section.subheadings.map((sub) => `### ${sub}`)]).join("\n");
}

/** A plan's text read back: its sections, or the first problem (with its line number), in the screen's words. */
export function parsePlan(text: string): { ok: true; sections: OutlineSection[] } | { ok: false; problem: string } {
  const sections: OutlineSection[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = `Line ${index + 1}`;
    const match = /^(#{2,3})\s*(.*)$/.exec(line);
    if (!match) return { ok: false, problem: `${at}: start a section with "## " or a subsection with "### ".` };
    const heading = match[2].trim();
    if (!heading) return { ok: false, problem: `${at}: the heading is empty.` };
    if (heading.length > OUTLINE_LIMITS.heading)
      return { ok: false, problem: `${at}: a heading holds ${OUTLINE_LIMITS.heading} characters.` };
    if (match[1] === "##") {
      sections.push({ heading, subheadings: [] });
      continue;
    }
    const section = sections.at(-1);
    if (!section) return { ok: false, problem: `${at}: a subsection ("### ") comes under a section ("## ").` };
    if (section.subheadings.length >= OUTLINE_LIMITS.maxSubheadings) {
      return { ok: false, problem: `${at}: a section has at most ${OUTLINE_LIMITS.maxSubheadings} subsections.` };
    }
    section.subheadings.push(heading);
  }
  if (sections.length < OUTLINE_LIMITS.minSections) {
    return { ok: false, problem: `The plan needs at least ${OUTLINE_LIMITS.minSections} sections ("## " lines).` };
  }
  if (sections.length > OUTLINE_LIMITS.maxSections) {
    return { ok: false, problem: `The plan has at most ${OUTLINE_LIMITS.maxSections} sections.` };
  }
  return { ok: true, sections };
}

/** A list field (keywords, sources): one item a line (commas too, for keywords), trimmed, without empty lines or repeats. */
export function listItems(text: string, { commas = false } = {}): string[] {
  const items = text
    .split(commas ? /\r?\n|,/ : /\r?\n/)
    .map((item) => item.trim())
    .filter(Boolean);
  return [...new Set(items)];
}

/** Where an outline stands: waiting for approval, approved (its article requested), or replaced by a newer one. */
export type OutlineStatus = "ready" | "approved" | "replaced";
