import { describe, expect, it } from "vitest";
import { listItems, OUTLINE_LIMITS, parsePlan, planText } from "./outline";

describe("the plan as text", () => {
  const sections = [
    { heading: "Le levain", subheadings: ["Le nourrir", "Le garder"] },
    { heading: "La cuisson", subheadings: [] },
  ];

  it("reads back what it wrote, blank lines and spaces aside", () => {
    expect(planText(sections)).toBe("## Le levain\n### Le nourrir\n### Le garder\n## La cuisson");
    expect(parsePlan(`\n  ## Le levain \n###Le nourrir\r\n### Le garder\n\n## La cuisson\n`)).toEqual({ ok: true, sections });
  });

  it("names the line of the first problem", () => {
    expect(parsePlan("## A\nB")).toEqual({ ok: false, problem: 'Line 2: start a section with "## " or a subsection with "### ".' });
    expect(parsePlan("### a\n## A")).toEqual({ ok: false, problem: 'Line 1: a subsection ("### ") comes under a section ("## ").' });
    expect(parsePlan("## A\n##   ")).toEqual({ ok: false, problem: "Line 2: the heading is empty." });
    expect(parsePlan("# A\n## B")).toMatchObject({ ok: false, problem: expect.stringMatching(/^Line 1:/) });
    expect(parsePlan(`## ${"x".repeat(OUTLINE_LIMITS.heading + 1)}\n## B`)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^Line 1: a heading holds/),
    });
  });

  it("needs a few sections, and not too many", () => {
    expect(parsePlan("## Seule")).toEqual({ ok: false, problem: 'The plan needs at least 2 sections ("## " lines).' });
    expect(parsePlan("")).toMatchObject({ ok: false });
    const many = Array.from({ length: OUTLINE_LIMITS.maxSections + 1 }, (_, i) => `## S${i}`).join("\n");
    expect(parsePlan(many)).toEqual({ ok: false, problem: `The plan has at most ${OUTLINE_LIMITS.maxSections} sections.` });
    const subs = ["## A", ...Array.from({ length: OUTLINE_LIMITS.maxSubheadings + 1 }, (_, i) => `### s${i}`), "## B"].join("\n");
    expect(parsePlan(subs)).toMatchObject({ ok: false, problem: expect.stringMatching(/at most 8 subsections/) });
  });
});

describe("list fields", () => {
  it("one item a line (commas too for keywords), trimmed, without blanks or repeats", () => {
    expect(listItems(" levain \n\nlevain\nfarine, eau", { commas: true })).toEqual(["levain", "farine", "eau"]);
    expect(listItems("https://a.example/x, y\n Un livre ")).toEqual(["https://a.example/x, y", "Un livre"]);
  });
});
