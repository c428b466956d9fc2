/**
 * Plausible answers for the fake OpenRouter, by what is asked: an article that meets the contract for
 * create_article, the article with the asked change for a modification, an image prompt, or an assistant's
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

/** An article of about 1,700 words under `title`: one h1, six h2 sections. */
export function fakeArticle(title: string): string {
  const sections = [
    "Why it matters",
    "Where to start",
    "The common mistakes",
    "A step-by-step method",
    "What it costs",
    "Questions people ask",
  ];
  return [
    `<h1>${title}</h1>`,
    paragraph(0, 4),
    ...sections.map((heading, i) => `<h2>${heading}</h2>${paragraph(i)}${paragraph(i + 1)}${paragraph(i + 2)}${paragraph(i + 3)}`),
  ].join("\n");
}

const between = (text: string, start: string, end: string) => {
  const from = text.indexOf(start);
  if (from < 0) return null;
  const to = text.indexOf(end, from + start.length);
  return to < 0 ? null : text.slice(from + start.length, to);
};

export function fakeWriter(model: string, question: string): string {
  const title = question.match(/^Write the article "([^"]+)"/)?.[1];
  if (title) {
    const description = `${title}: what to know, where to start and the mistakes to avoid, in a practical guide.`;
    return `<meta name="description" content="${description.replace(/"/g, "&quot;")}">\n\`\`\`html\n${fakeArticle(title)}\n\`\`\``;
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
  if (question.startsWith("Write the prompt for an image generator")) {
    return "A bright editorial photograph of the article's subject on a clean wooden table, soft morning light, shallow depth of field.";
  }
  return `Here is what ${model} would say. The best-known guides are https://example.org/guide and https://docs.example.com/page; compare them before deciding.`;
}
