/**
 * What a DataForSEO answer holds besides its organic results, read from items in their documented shapes
 * (serp/google/organic/live/advanced: people_also_ask, related_searches, featured_snippet, ai_overview).
 */
import { describe, expect, it } from "vitest";
import { serpFeaturesOf } from "./dataforseo.server";

const items = [
  {
    type: "ai_overview",
    rank_group: 1,
    rank_absolute: 1,
    position: "left",
    xpath: "/html[1]/body[1]/div[3]",
    asynchronous_ai_overview: false,
    items: [
      {
        type: "ai_overview_element",
        title: "Choisir un vélo électrique",
        text: "Un vélo électrique se choisit selon l'usage : ville, route ou montagne.",
        images: null,
        references: [
          {
            type: "ai_overview_reference",
            source: "Cyclable",
            domain: "www.cyclable.com",
            url: "https://www.cyclable.com/guide",
            title: "Guide",
            text: "…",
          },
        ],
      },
      { type: "ai_overview_element", title: null, text: "L'autonomie dépend de la batterie (400 à 750 Wh).", references: null },
    ],
    references: [
      {
        type: "ai_overview_reference",
        source: "Que Choisir",
        domain: "www.quechoisir.org",
        url: "https://www.quechoisir.org/velo",
        title: "Vélo électrique",
        text: "…",
      },
      {
        type: "ai_overview_reference",
        source: "Cyclable",
        domain: "www.cyclable.com",
        url: "https://www.cyclable.com/guide",
        title: "Guide",
        text: "…",
      },
    ],
  },
  {
    type: "featured_snippet",
    rank_group: 1,
    rank_absolute: 2,
    position: "left",
    domain: "www.velo-electrique.example",
    title: "Vélo électrique : le guide complet",
    featured_title: "Comment choisir",
    description: "Regardez d'abord le moteur, puis la batterie.",
    url: "https://www.velo-electrique.example/guide",
    breadcrumb: "https://www.velo-electrique.example › guide",
  },
  { type: "organic", rank_group: 1, rank_absolute: 3, title: "Vélo", url: "https://a.example/", description: "…" },
  {
    type: "people_also_ask",
    rank_group: 1,
    rank_absolute: 4,
    position: "left",
    items: [
      {
        type: "people_also_ask_element",
        title: "Quel est le meilleur vélo électrique ?",
        seed_question: null,
        xpath: "/html[1]",
        expanded_element: [
          {
            type: "people_also_ask_expanded_element",
            featured_title: null,
            url: "https://www.quechoisir.org/comparatif",
            domain: "www.quechoisir.org",
            title: "Comparatif vélos électriques",
            description: "Notre comparatif classe 120 modèles.",
            images: null,
            timestamp: null,
            table: null,
          },
        ],
      },
      {
        type: "people_also_ask_element",
        title: "Combien coûte un vélo électrique ?",
        seed_question: null,
        expanded_element: [
          {
            type: "people_also_ask_ai_overview_expanded_element",
            items: [
              {
                type: "ai_overview_element",
                title: null,
                text: "Entre 1 000 et 3 000 €.",
                references: [
                  {
                    type: "ai_overview_reference",
                    source: "Decathlon",
                    domain: "www.decathlon.fr",
                    url: "https://www.decathlon.fr/prix",
                    title: "Prix",
                    text: "…",
                  },
                ],
              },
            ],
          },
        ],
      },
      // A question revealed by a click (people_also_ask_click_depth), without an answer.
      {
        type: "people_also_ask_element",
        title: "Quelle autonomie ?",
        seed_question: "Quel est le meilleur vélo électrique ?",
        expanded_element: null,
      },
    ],
  },
  // The same question again, lower on the page: kept once.
  {
    type: "people_also_ask",
    items: [{ type: "people_also_ask_element", title: "quel est le meilleur vélo électrique ?", expanded_element: [] }],
  },
  {
    type: "related_searches",
    rank_group: 1,
    rank_absolute: 12,
    position: "left",
    items: ["vélo électrique pas cher", "vélo électrique decathlon", "vélo électrique pas cher"],
  },
  { type: "images", rank_absolute: 13, items: [] },
];

describe("serpFeaturesOf", () => {
  it("keeps People Also Ask with their answers, related searches, the featured snippet and the AI Overview with its sources", () => {
    expect(serpFeaturesOf(items)).toEqual({
      peopleAlsoAsk: [
        {
          question: "Quel est le meilleur vélo électrique ?",
          answer: "Notre comparatif classe 120 modèles.",
          url: "https://www.quechoisir.org/comparatif",
          title: "Comparatif vélos électriques",
        },
        {
          question: "Combien coûte un vélo électrique ?",
          answer: "Entre 1 000 et 3 000 €.",
          url: "https://www.decathlon.fr/prix",
          title: "Prix",
        },
        { question: "Quelle autonomie ?", answer: null, url: null, title: null },
      ],
      relatedSearches: ["vélo électrique pas cher", "vélo électrique decathlon"],
      featuredSnippet: {
        title: "Vélo électrique : le guide complet",
        text: "Regardez d'abord le moteur, puis la batterie.",
        url: "https://www.velo-electrique.example/guide",
        domain: "www.velo-electrique.example",
      },
      aiOverview: {
        text: "Choisir un vélo électrique\n\nUn vélo électrique se choisit selon l'usage : ville, route ou montagne.\n\nL'autonomie dépend de la batterie (400 à 750 Wh).",
        references: [
          { url: "https://www.quechoisir.org/velo", title: "Vélo électrique", source: "Que Choisir" },
          { url: "https://www.cyclable.com/guide", title: "Guide", source: "Cyclable" },
        ],
      },
    });
  });

  it("prefers the overview's Markdown when given, and keeps nothing of an overview loaded later", () => {
    expect(serpFeaturesOf([{ type: "ai_overview", markdown: "**Oui**, en ville.", items: [], references: [] }]).aiOverview).toEqual({
      text: "**Oui**, en ville.",
      references: [],
    });
    expect(serpFeaturesOf([{ type: "ai_overview", asynchronous_ai_overview: true, items: null } as never]).aiOverview).toBeNull();
  });

  it("has nothing besides organic results when the answer has nothing else, and survives missing fields", () => {
    expect(serpFeaturesOf([{ type: "organic", rank_absolute: 1 }])).toEqual({
      peopleAlsoAsk: [],
      relatedSearches: [],
      featuredSnippet: null,
      aiOverview: null,
    });
    expect(
      serpFeaturesOf([{ type: "people_also_ask", items: null }, { type: "related_searches" }, { type: "featured_snippet" }, null as never]),
    ).toEqual({
      peopleAlsoAsk: [],
      relatedSearches: [],
      featuredSnippet: { title: null, text: null, url: null, domain: null },
      aiOverview: null,
    });
  });
});
