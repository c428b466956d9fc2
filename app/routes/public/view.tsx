/**
 * /view/:versionId — the public article viewer (spec part 2, section 2). The parameter is the version's public
 * id (random, unguessable): whoever was given the link reads that version, server-rendered (the full text is
 * in the first HTML answer), with its cover image (the chosen proposition, else the latest), a title and
 * description taken from the article and Open Graph tags.
 * - A demo article of the service is public: cached, with a canonical link, listed in the sitemap. Its old
 *   address by sequential id redirects (301) to the public id.
 * - Any other version is a client's draft shared by link: `X-Robots-Tag: noindex`, never cached by a shared
 *   cache, no canonical (it must not compete with the client's own page).
 * - An unknown id, and the sequential id of a version that is not a demo, answer 404 with 'Article not found'.
 */
import { FileText } from "lucide-react";
import { data, isRouteErrorResponse, Link, redirect, useRouteError } from "react-router";
import type { Route } from "./+types/view";
import { ArticleHtml } from "~/components/article-html";
import { Footer } from "~/components/footer";
import { BRAND_NAME } from "~/lib/constants";
import { ARTICLE_NOT_FOUND } from "~/lib/not-found";
import { publicViewPath } from "~/lib/public-view";
import { demoPublicId, getPublicArticle, hasArticleContent } from "~/models/article-view.server";
import { getEnv } from "~/services/env.server";
import { loadAsDocument, STATIC_PAGE } from "~/lib/static-page";

/** A static page: no framework scripts (lib/static-page.ts). */
export const handle = { ...STATIC_PAGE };
export const clientLoader = loadAsDocument;

/** Dates read in Paris time on the server, whatever the machine's zone (the text is rendered once). */
const dateFormat = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Paris" });

const absolute = (origin: string, url: string) => new URL(url, `${origin}/`).href;

/** A client's draft: read by whoever has its link, never indexed nor kept by a shared cache. */
const DRAFT_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params, request }: Route.LoaderArgs) {
  const legacy = await demoPublicId(params.versionId);
  if (legacy) throw redirect(publicViewPath(legacy), 301);
  const article = await getPublicArticle(params.versionId);
  if (!article) return data({ article: null }, { status: 404, headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });
  const origin = getEnv().PUBLIC_URL.replace(/\/+$/, "");
  const url = `${origin}${publicViewPath(params.versionId)}`;
  // The shared header shows who is signed in: a request with cookies gets a private answer.
  const demoCache = request.headers.get("cookie") ? "private, no-cache" : "public, max-age=60";
  const headers = article.demo ? { "Cache-Control": demoCache, Vary: "Cookie" } : DRAFT_HEADERS;
  return data(
    {
      article: {
        html: article.html,
        title: article.title,
        description: article.description,
        coverImageUrl: article.coverImageUrl,
        createdDate: article.createdDate.toISOString(),
        dateLabel: dateFormat.format(article.createdDate),
        /** The page name is the <h1> only when the article has none of its own. */
        hasOwnHeading: /<h1[\s>]/i.test(article.html),
        hasContent: hasArticleContent(article.html),
      },
      url,
      indexable: article.demo,
      imageUrl: article.coverImageUrl ? absolute(origin, article.coverImageUrl) : null,
    },
    { headers },
  );
}

export function headers({ loaderHeaders, parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers();
  for (const name of ["Cache-Control", "Vary", "X-Robots-Tag"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  // A flash toast cookie from the root makes the answer personal.
  if (parentHeaders.has("Set-Cookie")) headers.set("Cache-Control", "private, no-store");
  return headers;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData?.article) {
    return [{ title: `${ARTICLE_NOT_FOUND.title} – ${BRAND_NAME}` }, { name: "robots", content: "noindex" }];
  }
  const { article, url, imageUrl, indexable } = loaderData;
  const title = `${article.title} – ${BRAND_NAME}`;
  return [
    { title },
    // A client's draft: no canonical (it would compete with the client's own page), and not indexed.
    ...(indexable ? [{ tagName: "link", rel: "canonical", href: url }] : [{ name: "robots", content: "noindex" }]),
    { name: "description", content: article.description },
    { property: "og:type", content: "article" },
    { property: "og:title", content: article.title },
    { property: "og:description", content: article.description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: BRAND_NAME },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    { property: "article:published_time", content: article.createdDate },
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { "script:ld+json": articleLd({ ...article, url, imageUrl }) },
  ];
};

/** schema.org Article data: what AI assistants and search engines read to cite the article. */
function articleLd(article: { title: string; description: string; createdDate: string; url: string; imageUrl: string | null }) {
  const publisher = { "@type": "Organization", name: BRAND_NAME, url: new URL("/", article.url).href };
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title.slice(0, 110),
    description: article.description,
    datePublished: article.createdDate,
    dateModified: article.createdDate,
    mainEntityOfPage: { "@type": "WebPage", "@id": article.url },
    url: article.url,
    ...(article.imageUrl ? { image: [article.imageUrl] } : {}),
    author: publisher,
    publisher,
  };
}

export default function ViewArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  if (!article) return <ArticleNotFound />;
  const empty = !article.hasContent;
  return (
    <>
      <main id="main" className="flex-1">
        <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
          <p className="mb-4 text-sm text-muted-foreground">
            <time dateTime={article.createdDate}>{article.dateLabel}</time>
          </p>
          {article.coverImageUrl ? (
            <img
              src={article.coverImageUrl}
              alt=""
              className="mb-8 max-h-[400px] w-full rounded-xl object-cover"
              fetchPriority="high"
              data-testid="cover-image"
            />
          ) : null}
          {!article.hasOwnHeading || empty ? (
            <h1 className="mb-6 text-3xl font-bold tracking-tight text-balance break-words sm:text-4xl">{article.title}</h1>
          ) : null}
          {empty ? (
            <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
              <FileText aria-hidden="true" className="size-8 text-muted-foreground" />
              <p data-testid="empty-article">
                <span className="block font-medium">No content available</span>
                <span className="sr-only"> - </span>
                <span className="mt-1 block text-sm text-muted-foreground">This page doesn't have any published versions yet.</span>
              </p>
            </div>
          ) : (
            <ArticleHtml
              html={article.html}
              className="sm:text-lg sm:leading-8 [&_h1]:text-balance sm:[&_h1]:text-4xl [&>:first-child]:mt-0 [&>h1:first-child]:mb-6"
            />
          )}
        </article>
      </main>
      <Footer />
    </>
  );
}

function ArticleNotFound() {
  return (
    <>
      <main id="main" className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center">
        <p className="text-6xl font-bold text-primary">404</p>
        <h1 className="text-2xl font-semibold">{ARTICLE_NOT_FOUND.title}</h1>
        <p className="text-muted-foreground">{ARTICLE_NOT_FOUND.message}</p>
        <Link to="/" className="mt-2 text-primary underline underline-offset-4">
          Return to Home
        </Link>
      </main>
      <Footer />
    </>
  );
}

/** Anything unexpected: the spec's 'Unable to load article content.', public style, with a way home. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ArticleNotFound />;
  return (
    <>
      <main id="main" className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center">
        <h1 className="text-2xl font-semibold">Unable to load article content.</h1>
        <p className="text-muted-foreground">Please reload the page in a few moments.</p>
        <Link to="/" className="mt-2 text-primary underline underline-offset-4">
          Return to Home
        </Link>
      </main>
      <Footer />
    </>
  );
}
