/**
 * The words of a keyword's research on its screens (issue 39), in French and in English: the SERP dialog speaks French
 * like the rest of its dialog (spec part 2, section 2), the outline screen English like the rest of its screen. Each
 * screen passes its language to the shared pieces (app/components/research), which pick their words here. Dates are
 * written by app/lib/format.ts, as everywhere in the app.
 */
import type { PageLang } from "./page-lang";

/** Why a top page could not be read, as the research task says it ('403', 'timeout', 'not HTML'...), in the reader's words. */
function unreadReason(lang: PageLang, reason: string | null): string {
  const fr = lang === "fr";
  if (!reason) return fr ? "raison inconnue" : "reason unknown";
  if (/^\d{3}$/.test(reason)) return fr ? `erreur HTTP ${reason}` : `HTTP error ${reason}`;
  switch (reason.toLowerCase()) {
    case "timeout":
      return fr ? "trop lente à répondre" : "too slow to answer";
    case "not html":
      return fr ? "pas une page HTML" : "not an HTML page";
    default:
      return reason;
  }
}

const numberFormats: Partial<Record<PageLang, Intl.NumberFormat>> = {};
/** A count as the language writes it ("1 350" in French, "1,350" in English). */
export function formatCount(lang: PageLang, value: number): string {
  numberFormats[lang] ??= new Intl.NumberFormat(lang === "fr" ? "fr-FR" : "en-GB");
  return numberFormats[lang].format(value);
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

const FR = {
  tabs: { results: "Résultats", questions: "Questions", top: "Top 10" },
  tabsLabel: "Résultats et recherche",
  researchOf: (date: string) => `Recherche du ${date}`,
  loading: "Chargement de la recherche...",
  loadFailed: "Impossible de charger la recherche de ce mot-clé.",
  retry: "Réessayer",
  empty: "La recherche apparaît après la prochaine recherche SERP de ce mot-clé : les questions posées, l'aperçu IA et les pages en tête.",
  oldCheck: (date: string) =>
    `La dernière recherche (${date}) date d'avant l'analyse : les questions posées, l'extrait optimisé et l'aperçu IA apparaîtront après la prochaine recherche SERP.`,
  peopleAlsoAsk: "Questions posées",
  noPeopleAlsoAsk: "Google n'a affiché aucune question pour ce mot-clé.",
  answerSource: "Source de la réponse\u00a0: ",
  relatedSearches: "Recherches associées",
  noRelatedSearches: "Aucune recherche associée.",
  featuredSnippet: "Extrait optimisé",
  noFeaturedSnippet: "Pas d'extrait optimisé pour ce mot-clé.",
  aiOverview: "Aperçu IA (AI Overview)",
  noAiOverview: "Pas d'aperçu IA pour ce mot-clé.",
  aiSources: (n: number) => `${n} ${plural(n, "source citée", "sources citées")}`,
  topPages: "Les 10 premiers résultats",
  noTopPages: "Aucun résultat naturel dans cette recherche.",
  readingSummary: (read: number, unread: number, pending: number, total: number) =>
    pending === total
      ? "Ces pages n'ont pas encore été lues : leur plan et leur longueur apparaissent une fois lues."
      : `${read} ${plural(read, "page lue", "pages lues")} sur ${total}${unread ? `, ${unread} illisible${unread > 1 ? "s" : ""} (laissée${unread > 1 ? "s" : ""} hors du modèle)` : ""}.`,
  position: (n: number) => `Position ${n}`,
  words: (n: number) => `${formatCount("fr", n)} mots`,
  readOn: (date: string) => `lue le ${date}`,
  outline: (n: number) => `Plan (${n} ${plural(n, "titre", "titres")})`,
  noHeadings: "Aucun titre h1 à h3 sur cette page.",
  unread: (reason: string | null) => `Non lue : ${unreadReason("fr", reason)}`,
  pending: "Pas encore lue",
  model: "Ce que font les pages en tête",
  modelBuilt: (n: number, date: string) => `D'après ${n} ${plural(n, "page lue", "pages lues")}, le ${date}.`,
  length: "Longueur",
  lengthRange: (a: number, b: number) => `${formatCount("fr", a)} à ${formatCount("fr", b)} mots`,
  headings: "Titres h2-h3",
  headingsRange: (a: number, b: number) => `${a} à ${b}`,
  topScore: "Score des pages en tête",
  topScoreValue: (median: number | null, best: number | null) =>
    median === null ? "pas encore calculé" : `médiane ${median} · meilleur ${best ?? median}`,
  terms: "Termes importants",
  termsMore: (shown: number, all: number) => `Les ${shown} plus importants sur ${all}.`,
  termColumns: { term: "Terme", pages: "Pages", range: "Usage courant", inHeadings: "Dans les titres" },
  termPages: (n: number, of: number) => `${n}/${of}`,
  termRange: ([a, b]: [number, number]) => (a === b ? `${a} fois` : `${a} à ${b} fois`),
  modelPending: "Le modèle de ce mot-clé sera construit une fois les pages en tête lues.",
  questions: "Questions à traiter",
  questionSource: { "people-also-ask": "Question posée", heading: "Titre d'une page en tête" },
  answeredBy: (heading: string) => `Traitée par « ${heading} »`,
  notAnswered: "Pas encore traitée par le plan",
  answeredCount: (n: number, of: number) => `${n} sur ${of} ${plural(of, "traitée", "traitées")} par le plan`,
  noQuestions: "Aucune question pour l'instant.",
  competitors: "Plans des pages en tête",
  noKeywords: "Cette page n'a aucun mot-clé utilisé pour la recherche.",
  questionsHelp:
    "Ce que l'on demande sur les mots-clés de cette page, et ce que les pages en tête demandent dans leurs titres. Une question est traitée quand un titre du plan la pose ou y répond.",
  questionsNoPlan: "Une fois le plan écrit, chaque question dit si le plan la traite.",
  planAnswers: (n: number, of: number) => `Questions traitées : ${n} sur ${of}`,
  competitorsHelp: "Comment les pages qui se classent aujourd'hui organisent leur article : ouvrez-en une pour lire ses titres.",
  pageLoadFailed: "Impossible de charger la recherche des mots-clés de cette page.",
  addKeywords: "Ajoutez-en un sur l'écran des mots-clés.",
  keywordHeading: (keyword: string) => `« ${keyword} »`,
  keywordEmpty: "Pas encore de recherche pour ce mot-clé : elle apparaît après sa prochaine recherche SERP.",
};

export type ResearchTexts = typeof FR;

/** The same words in English: the type makes sure that none is missing. */
const EN: ResearchTexts = {
  tabs: { results: "Results", questions: "Questions", top: "Top 10" },
  tabsLabel: "Results and research",
  researchOf: (date: string) => `Research of ${date}`,
  loading: "Loading the research...",
  loadFailed: "Unable to load this keyword's research.",
  retry: "Try again",
  empty: "Research appears after the next SERP search of this keyword: the questions people ask, the AI Overview and the top pages.",
  oldCheck: (date: string) =>
    `The latest search (${date}) was made before research: the questions people ask, the featured snippet and the AI Overview appear after the next SERP search.`,
  peopleAlsoAsk: "People also ask",
  noPeopleAlsoAsk: "Google showed no questions for this keyword.",
  answerSource: "Source of the answer: ",
  relatedSearches: "Related searches",
  noRelatedSearches: "No related searches.",
  featuredSnippet: "Featured snippet",
  noFeaturedSnippet: "No featured snippet for this keyword.",
  aiOverview: "AI Overview",
  noAiOverview: "No AI Overview for this keyword.",
  aiSources: (n: number) => `${n} ${plural(n, "source cited", "sources cited")}`,
  topPages: "The top 10 results",
  noTopPages: "No organic results in this search.",
  readingSummary: (read: number, unread: number, pending: number, total: number) =>
    pending === total
      ? "These pages are not read yet: their outline and length appear once they are."
      : `${read} of ${total} ${plural(total, "page", "pages")} read${unread ? `, ${unread} could not be (left out of the model)` : ""}.`,
  position: (n: number) => `Position ${n}`,
  words: (n: number) => `${formatCount("en", n)} words`,
  readOn: (date: string) => `read on ${date}`,
  outline: (n: number) => `Outline (${n} ${plural(n, "heading", "headings")})`,
  noHeadings: "No h1 to h3 headings on this page.",
  unread: (reason: string | null) => `Not read: ${unreadReason("en", reason)}`,
  pending: "Not read yet",
  model: "What the top pages do",
  modelBuilt: (n: number, date: string) => `From ${n} ${plural(n, "page", "pages")} read, on ${date}.`,
  length: "Length",
  lengthRange: (a: number, b: number) => `${formatCount("en", a)} to ${formatCount("en", b)} words`,
  headings: "h2-h3 headings",
  headingsRange: (a: number, b: number) => `${a} to ${b}`,
  topScore: "Top pages' score",
  topScoreValue: (median: number | null, best: number | null) =>
    median === null ? "not computed yet" : `median ${median} · best ${best ?? median}`,
  terms: "Important terms",
  termsMore: (shown: number, all: number) => `The ${shown} most important of ${all}.`,
  termColumns: { term: "Term", pages: "Pages", range: "Usual count", inHeadings: "In headings" },
  termPages: (n: number, of: number) => `${n}/${of}`,
  termRange: ([a, b]: [number, number]) => (a === b ? `${a} ${plural(a, "time", "times")}` : `${a} to ${b} times`),
  modelPending: "This keyword's model is built once the top pages are read.",
  questions: "Questions to answer",
  questionSource: { "people-also-ask": "People also ask", heading: "A top page's heading" },
  answeredBy: (heading: string) => `Answered by “${heading}”`,
  notAnswered: "Not answered by the plan yet",
  answeredCount: (n: number, of: number) => `${n} of ${of} answered by the plan`,
  noQuestions: "No questions yet.",
  competitors: "The top pages' outlines",
  noKeywords: "This page has no keyword used in search.",
  questionsHelp:
    "What people ask about this page's keywords, and what the top pages ask in their headings. A question is answered when a heading of the plan asks or answers it.",
  questionsNoPlan: "Once an outline is written, each question says whether its plan answers it.",
  planAnswers: (n: number, of: number) => `Questions answered: ${n} of ${of}`,
  competitorsHelp: "How the pages that rank today organise their article: open one to read its headings.",
  pageLoadFailed: "Unable to load the research of this page's keywords.",
  addKeywords: "Add one on the keywords screen.",
  keywordHeading: (keyword: string) => `“${keyword}”`,
  keywordEmpty: "No research for this keyword yet: it appears after its next SERP search.",
};

export const RESEARCH_TEXTS: Readonly<Record<PageLang, ResearchTexts>> = { fr: FR, en: EN };
