/**
 * A local page server standing in for the pages a search ranks (issue 39), on 127.0.0.1. It serves
 *   - `/articles/<n>`: ten real French articles (tests/fixtures/pages/fiches-travail.json, Apache-2.0), each inside a
 *     made-up site: header and navigation, cookie banner, breadcrumb, sidebar ("À lire aussi", newsletter),
 *     share links, comments and footer, in three layouts (semantic tags, div soup, comments under the article);
 *   - `/sitemap.xml`: a sitemap index naming `/sitemap-articles.xml`, the urlset of the ten articles (issue 40's
 *     inventory; `sitemap: false` answers 404 for both);
 *   - `/forbidden` (403), `/missing` (404), `/redirect/<k>` (a chain of k redirects ending on an article),
 *     `/slow` (answers after `slowMs`), `/guide.pdf` and `/data.json` (not HTML), `/huge` (12 MB of HTML).
 * Every request is counted by path (`hits`), so that a test sees what was fetched again.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

type Fixture = { title: string; url: string; intro: string; sections: { title: string; html: string }[] };
const fixture = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/pages/fiches-travail.json"), "utf8")) as {
  pages: Fixture[];
};

const SITES = ["Guide Emploi", "Droit Pratique", "Le Mag RH", "Salariés Infos", "Juritravail Express"];

/** The article itself: its h1, introduction and sections, as the page's author wrote them (the text a reader must recover). */
export function articleHtml(page: Fixture): string {
  const sections = page.sections.map((s) => (s.title === page.title ? s.html : `<h2>${escape(s.title)}</h2>\n${s.html}`)).join("\n");
  return `<h1>${escape(page.title)}</h1>\n<div class="chapo">${page.intro}</div>\n${sections}`;
}

function escape(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The page around the article: one of three layouts, with the boilerplate real sites carry. */
export function pageHtml(index: number): string {
  const page = fixture.pages[index]!;
  const site = SITES[index % SITES.length]!;
  const menu = ["Accueil", "Contrat de travail", "Salaire", "Congés", "Rupture", "Modèles de lettres", "Forum", "Contact"]
    .map((label, i) => `<li><a href="/rubrique/${i}">${label}</a></li>`)
    .join("");
  const related = fixture.pages
    .filter((_, i) => i !== index)
    .slice(0, 5)
    .map((p, i) => `<li><a href="/articles/${i}">${escape(p.title)}</a></li>`)
    .join("");
  const cookie = `<div class="cookie-banner" role="dialog"><p>Nous utilisons des cookies pour mesurer l'audience de ${site} et améliorer votre expérience de navigation.</p><button>Tout accepter</button> <button>Paramétrer</button></div>`;
  const breadcrumb = `<nav aria-label="Fil d'Ariane" class="breadcrumb"><a href="/">Accueil</a> › <a href="/rubrique/1">Contrat de travail</a> › <span>${escape(page.title)}</span></nav>`;
  const newsletter = `<div class="newsletter"><h2>Recevez notre lettre d'information</h2><p>Chaque mois, l'essentiel du droit du travail dans votre boîte aux lettres : inscrivez-vous gratuitement en deux clics.</p><form><input type="email" aria-label="Votre adresse"><button>Je m'inscris</button></form></div>`;
  const share = `<div class="share"><p>Partager cette page : <a href="https://www.facebook.com/sharer">Facebook</a> <a href="https://twitter.com/share">X</a> <a href="https://www.linkedin.com/share">LinkedIn</a></p></div>`;
  const about = `<p>${site} est un site d'information indépendant. Les informations publiées sont données à titre indicatif et ne remplacent pas le conseil d'un professionnel du droit.</p>`;
  const legal = `<ul><li><a href="/mentions-legales">Mentions légales</a></li><li><a href="/confidentialite">Politique de confidentialité</a></li><li><a href="/cookies">Gestion des cookies</a></li><li><a href="/plan">Plan du site</a></li></ul><p>© 2026 ${site}. Tous droits réservés.</p>`;
  const article = articleHtml(page);
  const head = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escape(page.title)} | ${site}</title><meta name="description" content="${escape(page.title)}"><script>window.dataLayer=[];</script><style>body{font-family:sans-serif}</style></head>`;
  switch (index % 3) {
    case 0:
      return `${head}<body>${cookie}<header><a class="logo" href="/">${site}</a><nav><ul>${menu}</ul></nav></header>${breadcrumb}<main><article>${article}</article>${share}<aside><h2>À lire aussi</h2><ul>${related}</ul>${newsletter}</aside></main><footer>${about}${legal}</footer></body></html>`;
    case 1:
      return `${head}<body><div id="top"><div class="logo"><a href="/">${site}</a></div><div class="menu"><ul>${menu}</ul></div></div>${breadcrumb}<div class="wrapper"><div class="sidebar"><h3>Les plus lus</h3><ul>${related}</ul>${newsletter}</div><div class="content">${article}${share}</div></div><div class="bottom">${about}${legal}</div>${cookie}</body></html>`;
    default: {
      const comments = [
        ["Sophie", "Merci pour cet article très clair, il m'a permis de comprendre ma situation avant mon entretien."],
        ["Karim", "Est-ce que cela s'applique aussi aux contrats signés avant la dernière réforme ? Mon employeur dit que non."],
      ]
        .map(([who, text]) => `<div class="comment"><p class="author">${who}</p><p>${text}</p></div>`)
        .join("");
      return `${head}<body><header><a class="logo" href="/">${site}</a><nav><ul>${menu}</ul></nav></header>${cookie}<main>${breadcrumb}<article>${article}</article><section class="comments"><h2>2 commentaires</h2>${comments}</section><aside><h2>Dans la même rubrique</h2><ul>${related}</ul></aside></main><footer>${about}${legal}</footer></body></html>`;
    }
  }
}

export type FakePages = {
  url: string;
  /** Whether /sitemap.xml and /sitemap-articles.xml answer (true), or 404. */
  sitemap: boolean;
  /** How many requests each path received. */
  hits: Map<string, number>;
  /** How long /slow takes to answer, in milliseconds. */
  slowMs: number;
  /** The full URL of a path of this server. */
  at(path: string): string;
  /** The articles' paths, titles and own HTML (what a reader must recover). */
  articles: { path: string; title: string; html: string }[];
  close(): Promise<void>;
};

export async function startFakePages(options: { port?: number } = {}): Promise<FakePages> {
  const hits = new Map<string, number>();
  const state = { slowMs: 30_000, sitemap: true };
  const timers = new Set<NodeJS.Timeout>();
  const html = (res: http.ServerResponse, status: number, body: string) =>
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(body);
  let base = "";
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://localhost");
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const article = /^\/articles\/(\d+)$/.exec(pathname);
    if (article && fixture.pages[Number(article[1])]) return html(res, 200, pageHtml(Number(article[1])));
    const redirect = /^\/redirect\/(\d+)$/.exec(pathname);
    if (redirect) {
      const left = Number(redirect[1]);
      return res.writeHead(left > 1 ? 301 : 302, { Location: left > 1 ? `/redirect/${left - 1}` : "/articles/1" }).end();
    }
    const xml = (body: string) =>
      state.sitemap
        ? res.writeHead(200, { "Content-Type": "application/xml; charset=utf-8" }).end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`)
        : html(res, 404, "<html><body><h1>Page introuvable</h1></body></html>");
    switch (pathname) {
      case "/sitemap.xml":
        return xml(
          `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${base}/sitemap-articles.xml</loc></sitemap></sitemapindex>`,
        );
      case "/sitemap-articles.xml":
        return xml(
          `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${fixture.pages
            .map((_, i) => `<url><loc>${base}/articles/${i}</loc><lastmod>2020-01-01</lastmod></url>`)
            .join("")}</urlset>`,
        );
      case "/forbidden":
        return html(res, 403, "<html><body><h1>Access denied</h1><p>Bots are not welcome here.</p></body></html>");
      case "/slow": {
        const timer = setTimeout(() => {
          timers.delete(timer);
          html(res, 200, pageHtml(2));
        }, state.slowMs);
        timers.add(timer);
        return;
      }
      case "/guide.pdf":
        return res.writeHead(200, { "Content-Type": "application/pdf" }).end("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
      case "/data.json":
        return res.writeHead(200, { "Content-Type": "application/json" }).end('{"title":"Not a page"}');
      case "/huge": {
        // 12 MB of HTML, sent in chunks, without a Content-Length: only reading it tells its size.
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        const chunk = `<p>${"Lorem ipsum dolor sit amet. ".repeat(2000)}</p>\n`;
        let sent = 0;
        const write = () => {
          while (sent < 12 << 20) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", write);
          }
          res.end();
        };
        res.on("error", () => {});
        write();
        return;
      }
      default:
        return html(res, 404, "<html><body><h1>Page introuvable</h1></body></html>");
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    hits,
    get sitemap() {
      return state.sitemap;
    },
    set sitemap(value) {
      state.sitemap = value;
    },
    get slowMs() {
      return state.slowMs;
    },
    set slowMs(value) {
      state.slowMs = value;
    },
    at: (p) => new URL(p, base).href,
    articles: fixture.pages.map((page, i) => ({ path: `/articles/${i}`, title: page.title, html: articleHtml(page) })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
