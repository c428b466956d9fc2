/**
 * Cuts the top pages' fixture (tests/fixtures/pages/fiches-travail.json) from @socialgouv/fiches-travail-data
 * 4.1174.0 (Apache-2.0; real travail-emploi.gouv.fr pages): ten pages on the work contract, each with its title,
 * address, introduction and sections (title and HTML, h2/h3 inside). The local page server (tests/fakes/pages.ts)
 * wraps them in a site's header, navigation, cookie banner, sidebar and footer, so that a reader's output can be
 * compared with the known article text.
 *
 *   npx tsx scripts/cut-page-fixtures.ts [path/to/socialgouv-fiches-travail-data-4.1174.0.tgz]
 *
 * The tarball: `.tmp/socialgouv/` by default; get it with `npm pack @socialgouv/fiches-travail-data@4.1174.0`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const tarball = process.argv[2] ?? path.resolve(".tmp/socialgouv/socialgouv-fiches-travail-data-4.1174.0.tgz");
const TITLES = [
  "La période d'essai",
  "Le contrat de travail intermittent",
  "Le travail saisonnier",
  "Le contrat vendanges",
  "La modification du contrat de travail",
  "Le changement de la situation juridique de l'employeur",
  "La priorité de réembauche",
  "Le travail à temps partagé",
  "Le contrat de travail à durée indéterminée (CDI)",
  "Le conseiller du salarié",
];

type Fiche = { title: string; url: string; intro: string; sections: { title: string; html: string; text: string }[] };
const all = JSON.parse(
  execFileSync("tar", ["-xzOf", tarball, "package/data/fiches-travail.json"], { maxBuffer: 64 << 20 }).toString(),
) as Fiche[];
const pages = TITLES.map((title) => {
  const fiche = all.find((f) => f.title === title);
  if (!fiche) throw new Error(`No page titled ${title}`);
  return {
    title: fiche.title,
    url: fiche.url,
    intro: fiche.intro,
    sections: fiche.sections.map((s) => ({ title: s.title, html: s.html })),
  };
});
const out = path.resolve("tests/fixtures/pages/fiches-travail.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify({ source: "@socialgouv/fiches-travail-data 4.1174.0", licence: "Apache-2.0", pages }, null, 1) + "\n");
console.log(`${pages.length} pages written to ${path.relative(process.cwd(), out)}`);
