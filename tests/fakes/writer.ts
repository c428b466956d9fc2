/**
 * Plausible answers for the fake OpenRouter, by what is asked: an article that meets the contract for
 * create_article, the article with the asked change for a modification, a source judge's verdict, an image prompt, or an assistant's
 * answer. Used by `npm run dev:fakes` and the end-to-end tests, so that every action runs from the screens.
 */
const SENTENCES = [
  "Choosing well starts with knowing what you need and what you can leave aside.",
  "Most readers look for a clear answer first, then for the details that make it reliable.",
  "A good routine is simple enough to follow on a busy day and precise enough to give steady results.",
  "Experience shows that small, regular adjustments beat large changes made once a year.",
  "Comparing two or three options side by side usually settles the question quickly.",
  "The details below come from what people ask most often and from what works in practice.",
];

const paragraph = (seed: number, sentences = 5) =>
  `<p>${Array.from({ length: sentences }, (_, i) => SENTENCES[(seed + i) % SENTENCES.length]).join(" ")}</p>`;

const SECTIONS = [
  "Why it matters",
  "Where to start",
  "The common mistakes",
  "A step-by-step method",
  "What it costs",
  "Questions people ask",
];

/**
 * An article of about 1,700 words under `title`: one h1, six h2 sections; or, written from an outline, its
 * sections (h2) and subsections (h3), in its order.
 */
export function fakeArticle(
  title: string,
  plan: { heading: string; subheadings: string[] }[] = SECTIONS.map((heading) => ({ heading, subheadings: [] })),
  research: ResearchAsked = NO_RESEARCH,
): string {
  // Enough paragraphs for the contract's length (or the top pages' length asked), however few sections the plan has.
  const count = Math.max(2, Math.ceil(Math.max(24, research.words / 70) / plan.length));
  const links = (research.links ?? []).slice(0, LINKED_PAGES);
  const cited = citations(research, plan.length);
  const body = (i: number, n = count) => Array.from({ length: n }, (_, k) => paragraph(i + k)).join("");
  /** Under a heading that asks a question: an answer in the question's own words first. */
  const answer = (heading: string) =>
    heading.endsWith("?") ? `<p>${heading.slice(0, -1).trim()}: here is the short answer, then the details.</p>` : "";
  return [
    `<h1>${title}</h1>`,
    paragraph(0, 4),
    // The important terms of the pages that rank, each as often as they usually use it.
    ...research.terms.map((term) => `<p>${Array.from({ length: term.count }, () => `${term.label} is part of it.`).join(" ")}</p>`),
    ...plan.map(
      (section, i) =>
        `<h2>${section.heading}</h2>${answer(section.heading)}${section.subheadings.length ? paragraph(i) + section.subheadings.map((sub, j) => `<h3>${sub}</h3>${answer(sub)}${body(i + j, 2)}`).join("") : body(i)}${cited[i] ?? ""}${linkParagraph(links[i])}`,
    ),
    // More pages to link to than sections: the rest together at the end.
    ...links.slice(plan.length).map(linkParagraph),
  ].join("\n");
}

/**
 * What a writing request's research asks (issue 39): the page's main keyword, the questions to answer, the terms with
 * their usual counts, the length; and the site's pages to link to (issue 40).
 */
type ResearchAsked = {
  keyword: string | null;
  questions: string[];
  terms: { label: string; count: number }[];
  words: number;
  links?: { url: string; title: string }[];
  /** The evidence pack's passages (issue 40), which it quotes word for word with their links. */
  evidence?: { passage: string; title: string; url: string }[];
  /** The approved outline's sources that are not in the pack (a client's own address), which it links too. */
  otherSources?: string[];
  /** What the sources' check named as failing in its previous answer (the second pass), which it leaves out. */
  failed?: string | null;
};
const NO_RESEARCH: ResearchAsked = { keyword: null, questions: [], terms: [], words: 0 };

/** How many of the site's pages listed the fake writer links to: 3 to 5, as the prompt asks (fewer when fewer are listed). */
const LINKED_PAGES = 5;

/** Reads the research parts of a request (create_article.server.ts, researchMaterial), as a writer following it would. */
function researchAsked(question: string): ResearchAsked {
  const list = (start: string) => [...(between(`${question}\n\n`, start, "\n\n") ?? "").matchAll(/^- (.+)$/gm)].map((m) => m[1]!);
  return {
    keyword: question.match(/^Target keywords: (.+?)(?:, |\.$)/m)?.[1] ?? null,
    questions: list("Questions people ask (").slice(0, 4),
    terms: list("Important terms of the pages that rank (").flatMap((line) => {
      const term = /^(.+) \(usually (\d+)/.exec(line);
      return term ? [{ label: term[1]!, count: Number(term[2]) }] : [];
    }),
    words: Number(question.match(/^Length: (\d+) to \d+ words/m)?.[1] ?? 0),
    // "Link to 3-8 of these pages of the site, ...:" then "- url — title" lines (create_article.server.ts, internalLinksPart).
    links: [...(between(`${question}\n\n`, "of these pages of the site", "\n\n") ?? "").matchAll(/^- (\S+)(?: — (.+))?$/gm)].map((m) => ({
      url: m[1]!,
      title: m[2] ?? "",
    })),
    evidence: evidenceAsked(question),
    otherSources: [...(between(`${question}\n\n`, "\nSources to use:\n", "\n\n") ?? "").matchAll(/^- (https?:\/\/\S+)$/gm)]
      .map((m) => m[1]!)
      .filter((url) => !evidenceAsked(question).some((e) => e.url === url)),
    failed: between(question, "sources were checked, and these fail: ", ". Quote the evidence"),
  };
}

/** The evidence pack of a writing request (create_article.server.ts, evidencePart): its passages, pages and addresses. */
function evidenceAsked(question: string): { passage: string; title: string; url: string }[] {
  const block = between(`${question}\n\n`, "Evidence you may cite (", "\n\n") ?? "";
  return [...block.matchAll(/^- \[\w+\] "(.+)" — (.+), (https?:\/\/\S+) \(read [\d-]+\)$/gm)].map((m) => ({
    passage: m[1]!,
    title: m[2]!,
    url: m[3]!,
  }));
}

/**
 * What it cites (issue 40): one passage of the pack per section, quoted word for word with its link; and, as a
 * hurried writer would, a figure its first source never gave and a link to each of the outline's other sources. The
 * second pass leaves out what the check named.
 */
function citations(research: ResearchAsked, sections: number): string[] {
  const evidence = research.evidence ?? [];
  const failed = research.failed ?? "";
  const quote = (e: { passage: string; title: string; url: string }) =>
    `<p>As <a href="${e.url.replace(/"/g, "&quot;")}">${e.title}</a> puts it: "${e.passage.replace(/"/g, "'")}"</p>`;
  const paragraphs: string[] = Array.from({ length: sections }, (_, i) => (evidence.length && i < evidence.length ? quote(evidence[i]!) : ""));
  const [first] = evidence;
  if (first && !failed.includes("87 %"))
    paragraphs[0] += `<p>According to <a href="${first.url.replace(/"/g, "&quot;")}">${first.title}</a>, 87 % of buyers regret a purchase made in a hurry.</p>`;
  for (const url of research.otherSources ?? [])
    if (!failed.includes(url)) paragraphs[paragraphs.length - 1] += `<p>The owner's own reference is <a href="${url}">this page</a>.</p>`;
  return paragraphs;
}

/** A paragraph that sends the reader to one of the site's pages (none without one). */
const linkParagraph = (link: { url: string; title: string } | undefined) =>
  link
    ? `<p>To go further on this point, read <a href="${link.url.replace(/"/g, "&quot;")}">${link.title || "this page of the site"}</a>.</p>`
    : "";

/** The title, with the keyword in it when it is not already (the contract asks for it in the h1). */
const withKeyword = (title: string, keyword: string | null) =>
  keyword && !title.toLowerCase().includes(keyword.toLowerCase()) ? `${title}: ${keyword}` : title;

/** The outline an approved-outline request carries ("Title: ..." and the "## "/"### " lines after "Plan:"). */
function outlineOf(question: string) {
  const title = question.match(/^Title: (.*)$/m)?.[1];
  const plan = between(question, "Plan:\n", "\n\n") ?? between(`${question}\n\n`, "Plan:\n", "\n\n");
  if (!title || !plan) return null;
  const sections: { heading: string; subheadings: string[] }[] = [];
  for (const line of plan.split("\n")) {
    if (line.startsWith("### ")) sections.at(-1)?.subheadings.push(line.slice(4));
    else if (line.startsWith("## ")) sections.push({ heading: line.slice(3), subheadings: [] });
    else break;
  }
  return sections.length ? { title, sections } : null;
}

/** The outline a writer proposes for `topic`, as the JSON create_outline asks for: the questions people ask among its sections. */
export function fakeOutline(topic: string, sources: string[], research: ResearchAsked = NO_RESEARCH): string {
  return JSON.stringify({
    title: withKeyword(`${topic}: the complete guide`, research.keyword),
    angle: `What the pages ranking today leave out: a practical method for ${topic.toLowerCase()}, with the mistakes that cost the most.`,
    sections: [
      ...research.questions.map((heading) => ({ heading, subheadings: [] })),
      { heading: "Why it matters", subheadings: [] },
      { heading: "Where to start", subheadings: ["What you need", "What you can leave aside"] },
      { heading: "A step-by-step method", subheadings: [] },
      { heading: "The common mistakes", subheadings: [] },
      { heading: "Questions people ask", subheadings: [] },
    ],
    keywords: [topic.toLowerCase()],
    sources: sources.slice(0, 3),
  });
}

const between = (text: string, start: string, end: string) => {
  const from = text.indexOf(start);
  if (from < 0) return null;
  const to = text.indexOf(end, from + start.length);
  return to < 0 ? null : text.slice(from + start.length, to);
};

export function fakeWriter(model: string, question: string): string {
  const topic = question.match(/^Plan the article "([^"]+)"/)?.[1];
  if (topic) {
    const pack = [...new Set(evidenceAsked(question).map((e) => e.url))];
    const sources = pack.length
      ? pack
      : [...(between(`${question}\n\n`, "What ranks today (the only URLs you may link to):\n", "\n\n") ?? "").matchAll(/^- (\S+)/gm)].map(
          (m) => m[1]!,
        );
    return `\`\`\`json\n${fakeOutline(topic, sources, researchAsked(question))}\n\`\`\``;
  }
  const pageName = question.match(/^Write the article "([^"]+)"/)?.[1];
  if (pageName) {
    const outline = outlineOf(question);
    const research = researchAsked(question);
    const title = outline?.title ?? withKeyword(pageName, research.keyword);
    const plan = outline?.sections ?? [...research.questions, ...SECTIONS].map((heading) => ({ heading, subheadings: [] }));
    const description = `${title}: what to know, where to start and the mistakes to avoid, in a practical guide.`;
    return `<meta name="description" content="${description.replace(/"/g, "&quot;")}">\n\`\`\`html\n${fakeArticle(title, plan, research)}\n\`\`\``;
  }
  const article = between(question, "--- article ---\n", "\n--- end of article ---");
  if (article !== null) {
    const asked = between(question, "The changes asked:\n", "\n\n")?.trim() ?? "the requested change";
    // The change: a new paragraph after the first one, saying what was asked.
    const changed = `<p>As requested (${asked.replace(/[<>&"]/g, "")}), this passage was added by the editor.</p>`;
    const description = question.match(/^Its meta description: (.*)$/m)?.[1];
    const meta = description ? `<meta name="description" content="${description.replace(/"/g, "&quot;")}">\n` : "";
    return meta + article.replace(/(<\/p>)/, `$1${changed}`);
  }
  // The sources' judge (issue 40): supported when a passage holds most of the claim's longer words, quoting it.
  if (question.startsWith("Does the source support the claim?")) {
    const words = (text: string) => new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
    const claim = words(question.match(/^Claim: (.*)$/m)?.[1] ?? "");
    const passages = [...(between(`${question}\n\n`, "Source passages:\n", "\n\n") ?? "").matchAll(/^- (.+)$/gm)].map((m) => m[1]!);
    const share = (passage: string) => [...claim].filter((w) => words(passage).has(w)).length / Math.max(1, claim.size);
    const best = passages.sort((a, b) => share(b) - share(a))[0];
    const supported = best !== undefined && share(best) >= 0.6;
    return JSON.stringify({ verdict: supported ? "supported" : "not_supported", quote: supported ? best : "" });
  }
  if (question.startsWith("Write the prompt for an image generator")) {
    return "A bright editorial photograph of the article's subject on a clean wooden table, soft morning light, shallow depth of field.";
  }
  return `Here is what ${model} would say. The best-known guides are https://example.org/guide and https://docs.example.com/page; compare them before deciding.`;
}
