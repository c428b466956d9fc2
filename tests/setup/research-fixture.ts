/**
 * A keyword's research as the serps task stores it (issue 39), for the tests of the screens that show it: a check's
 * organic results and features (People Also Ask with answers, related searches, featured snippet, AI Overview with
 * its sources), and the model built from the pages read (two of the top ten could not be). Plain rows, inserted
 * straight into serp_checks and keyword_models by the integration test and, before its server starts, by the
 * end-to-end story.
 */
import type { KeywordModel, SerpFeatures, TopPagesScores, UnreadPage } from "../../app/lib/content-score/types";

const HOSTS = [
  "www.velo-malin.fr/guide-velo-electrique/",
  "cyclable.example/conseils/choisir-velo-electrique",
  "www.lesnumeriques.example/velo/guide-achat",
  "magazine.example/velo-electrique-prix",
  "www.decathlon.example/conseils/vae",
  "forum.example/topic/vae-autonomie",
  "www.ademe.example/aides-velo",
  "blog.example/mon-premier-vae",
  "www.quechoisir.example/vae",
  "shop.example/velos-electriques",
  "www.example.org/onzieme",
];

/** The check's organic results: eleven, so that the screens show the first ten. */
export const researchResults = () =>
  HOSTS.map((host, index) => ({
    position: index + 1,
    url: `https://${host}`,
    title: `Vélo électrique : résultat ${index + 1}`,
    type: "organic",
  }));

export const researchFeatures = (): SerpFeatures => ({
  peopleAlsoAsk: [
    {
      question: "Quel est le prix d'un bon vélo électrique ?",
      answer: "Comptez entre 1 500 et 3 000 € pour un vélo électrique de qualité.",
      url: "https://magazine.example/velo-electrique-prix",
      title: "Prix d'un vélo électrique",
    },
    { question: "Quelle autonomie pour un vélo électrique ?", answer: null, url: null, title: null },
    {
      question: "Quelles aides pour acheter un vélo électrique ?",
      answer: "L'État et de nombreuses collectivités versent une prime à l'achat.",
      url: "https://www.ademe.example/aides-velo",
      title: "Aides à l'achat",
    },
  ],
  relatedSearches: ["vélo électrique pas cher", "meilleur vélo électrique 2026", "prime vélo électrique"],
  featuredSnippet: {
    title: "Comment choisir son vélo électrique",
    text: "Choisissez d'abord l'usage (ville, route, VTT), puis la batterie (400 Wh ou plus) et le moteur.",
    url: "https://cyclable.example/conseils/choisir-velo-electrique",
    domain: "cyclable.example",
  },
  aiOverview: {
    text: "Un vélo électrique se choisit selon l'usage, l'autonomie de la batterie et le budget, entre 1 500 et 3 000 € en moyenne.",
    references: [
      { url: "https://www.velo-malin.fr/guide-velo-electrique/", title: "Guide du vélo électrique", source: "Vélo Malin" },
      { url: "https://www.ademe.example/aides-velo", title: "Les aides au vélo", source: "ADEME" },
    ],
  },
});

/** The pages that could not be read. */
export const researchUnread = (): UnreadPage[] => [
  { url: `https://${HOSTS[3]}`, position: 4, reason: "403" },
  { url: `https://${HOSTS[6]}`, position: 7, reason: "timeout" },
];

const OUTLINE_HEADINGS: KeywordModel["outlines"][number]["headings"] = [
  { level: 1, text: "Vélo électrique : le guide pour bien choisir" },
  { level: 2, text: "Quel usage ?" },
  { level: 3, text: "En ville" },
  { level: 3, text: "Sur route" },
  { level: 2, text: "Quelle autonomie pour un vélo électrique ?" },
  { level: 2, text: "Le prix d'un vélo électrique" },
];

export const researchModel = (keyword: string): KeywordModel => {
  const unread = new Set(researchUnread().map((page) => page.position));
  const outlines = researchResults()
    .slice(0, 10)
    .filter((result) => !unread.has(result.position))
    .map((result) => ({
      url: result.url,
      position: result.position,
      title: result.title,
      wordCount: 1200 + result.position * 150,
      headings: OUTLINE_HEADINGS.slice(0, 3 + (result.position % 4)),
      readAt: "2026-11-20T09:15:00.000Z",
    }));
  return {
    keyword,
    language: "fr",
    pages: outlines.length,
    terms: [
      { key: "batter", label: "batterie", words: 1, importance: 0.9, pages: 8, range: [3, 9], inHeadings: 5 },
      { key: "autonom", label: "autonomie", words: 1, importance: 0.8, pages: 7, range: [2, 6], inHeadings: 6 },
      { key: "moteur pédalier", label: "moteur pédalier", words: 2, importance: 0.6, pages: 5, range: [1, 3], inHeadings: 1 },
      { key: "prim achat", label: "prime à l'achat", words: 2, importance: 0.4, pages: 4, range: [1, 2], inHeadings: 0 },
    ],
    length: { p25: 1450, p50: 1900, p75: 2400 },
    headings: { p25: 6, p50: 9, p75: 13 },
    questions: [
      {
        text: "Quel est le prix d'un bon vélo électrique ?",
        source: "people-also-ask",
        answer: "Comptez entre 1 500 et 3 000 €.",
        url: null,
      },
      { text: "Quelle autonomie pour un vélo électrique ?", source: "people-also-ask", answer: null, url: null },
      { text: "Quelles aides pour acheter un vélo électrique ?", source: "people-also-ask", answer: null, url: null },
      { text: "Quel usage ?", source: "heading", answer: null, url: `https://${HOSTS[0]}` },
    ],
    outlines,
  };
};

export const researchTopScores = (): TopPagesScores => ({
  pages: [
    { url: `https://${HOSTS[0]}`, position: 1, score: 81 },
    { url: `https://${HOSTS[1]}`, position: 2, score: 64 },
  ],
  median: 64,
  best: 81,
});
