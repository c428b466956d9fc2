/**
 * Small French top pages about electric bikes for the content score's unit tests: each page says the same few
 * things in its own words, so the model's terms, ranges and questions are known.
 */
import type { TopPage } from "./model";
import type { Heading, PageDocument } from "./types";

type Section = { heading: Heading | null; text: string };

const h = (level: Heading["level"], text: string): Heading => ({ level, text });

/** Repeats a sentence `times` times, as a paragraph. */
export function repeat(sentence: string, times: number): string {
  return Array.from({ length: times }, () => sentence).join(" ");
}

const SECTIONS: Section[][] = [
  [
    { heading: h(1, "Choisir un vélo électrique"), text: repeat("Le vélo électrique aide à pédaler grâce à sa batterie.", 3) },
    { heading: h(2, "Quelle autonomie pour la batterie ?"), text: repeat("L'autonomie de la batterie dépend du moteur et du poids.", 3) },
    { heading: h(2, "Le prix d'un vélo électrique"), text: repeat("Le prix varie selon le moteur, la batterie et le cadre.", 3) },
    { heading: h(3, "Les aides à l'achat"), text: "Une prime réduit le prix du vélo." },
  ],
  [
    { heading: h(1, "Vélos électriques : le guide"), text: repeat("Les vélos électriques ont un moteur et une batterie.", 2) },
    { heading: h(2, "Quelle autonomie pour une batterie ?"), text: repeat("L'autonomie de la batterie se compte en kilomètres.", 4) },
    { heading: h(2, "Combien coûte un vélo électrique ?"), text: repeat("Le prix d'un vélo électrique dépend de la batterie.", 2) },
  ],
  [
    { heading: h(1, "Le vélo électrique en ville"), text: repeat("En ville, le vélo électrique remplace la voiture.", 2) },
    { heading: h(2, "Batterie et autonomie"), text: repeat("Une batterie donne une autonomie de cinquante kilomètres.", 3) },
    { heading: h(2, "Entretien du moteur"), text: repeat("Le moteur demande peu d'entretien, la batterie un peu plus.", 2) },
    { heading: h(3, "Le prix de l'entretien"), text: "Le prix de l'entretien reste faible." },
  ],
  [
    { heading: h(1, "Acheter un vélo électrique"), text: repeat("Un vélo électrique se choisit pour son moteur et sa batterie.", 2) },
    { heading: h(2, "Comment entretenir son vélo électrique ?"), text: repeat("L'entretien du moteur et de la batterie compte.", 2) },
    { heading: h(2, "Le prix"), text: repeat("Le prix d'un vélo électrique va de mille à trois mille euros.", 3) },
  ],
  [
    { heading: h(1, "Vélo électrique : bien choisir"), text: repeat("Le moteur du vélo électrique tire sa force de la batterie.", 2) },
    { heading: h(2, "L'autonomie de la batterie"), text: repeat("Autonomie et batterie vont ensemble, selon le moteur.", 3) },
    { heading: h(2, "Prix et aides"), text: repeat("Le prix baisse avec une prime à l'achat.", 2) },
    { heading: h(3, "Un cadenas solide"), text: "Un cadenas protège le vélo du vol." },
  ],
];

/** The five top pages, at positions 1 to 5. */
export function topPages(): TopPage[] {
  return SECTIONS.map((sections, index) => ({
    url: `https://example.com/velo-${index + 1}`,
    position: index + 1,
    title: sections[0].heading?.text ?? null,
    document: { sections },
    readAt: "2026-11-28T10:00:00.000Z",
  }));
}

/** A document from (heading, text) pairs. */
export function page(...sections: [Heading | null, string][]): PageDocument {
  return { sections: sections.map(([heading, text]) => ({ heading, text })) };
}

export { h };
