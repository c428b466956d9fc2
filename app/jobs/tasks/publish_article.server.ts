/**
 * publish_article (issue 15): a version of a page onto its site's WordPress, as the site's default type (post
 * or page) with its default status: the title from the h1, the content without it, the slug from the page's
 * address, and with auto_publish_image the chosen cover image as the featured image (its alt text the title).
 * The same post is updated on every later publish (page_publications). A site that failed (time-out,
 * unreachable, 5xx) is tried again with the queue's back-off; a refusal (credentials, rights, a deleted
 * post, no connection) fails at once with its reason, which the page shows with Retry.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { pagePublications, pages, pagesVersions, sitePublishing, sites } from "../../../db/schema";
import { detectImageType, EXTENSIONS } from "~/lib/image-type";
import { articleMarkdown } from "~/lib/article-export.server";
import { contentTypeOf, pageStatusOfWordPress, slugFromUrl, webhookSecretContext, wordpressPasswordContext } from "~/lib/publishing";
import { metaDescriptionOf } from "~/lib/meta-description.server";
import { cleanArticleHtml } from "~/lib/sanitize.server";
import { getEnv } from "~/services/env.server";
import { clockNow } from "~/services/clock.server";
import { getDb } from "~/services/db.server";
import { recordNotifications } from "../notify.server";
import { logger } from "~/services/logger.server";
import { PermanentError, RetryableError } from "~/services/providers/http.server";
import { splitTitle, type Article, type ArticleImage, type Published, type PublishSteps } from "~/services/publishing/publisher";
import { deliverWebhook, WebhookError } from "~/services/publishing/webhook.server";
import { publishToWordPress } from "~/services/publishing/wordpress-publisher.server";
import { WordPressClient, WordPressError } from "~/services/publishing/wordpress.server";
import { openSecret, UnreadableSecretError } from "~/services/secrets.server";
import { getStorage } from "~/services/storage.server";
import { defineTask, idSchema } from "../task.server";

/** linked_page and linked_pages_version: what to publish; info_json: `{ recreate: true }` to make a deleted post again. */
export const publishPayload = z
  .object({
    page: idSchema("the page to publish"),
    version: idSchema("the version to publish"),
    info: z.object({ recreate: z.boolean().optional() }).nullable().optional(),
  })
  .transform(({ page, version, info }) => ({ pageId: page, versionId: version, recreate: info?.recreate ?? false }));

const STATUSES = new Set(["draft", "private", "publish"]);

/** The version with its page, site, connection and what is known of it on WordPress, in one query. */
async function publishContext(pageId: number, versionId: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      html: pagesVersions.htmlContent,
      metaDescription: pagesVersions.metaDescription,
      pageName: pages.name,
      pageUrl: pages.url,
      siteId: sites.id,
      defaultTypePagePost: sites.defaultTypePagePost,
      defaultStatus: sites.defaultStatus,
      autoPublishImage: sites.autoPublishImage,
      target: sitePublishing.target,
      wordpressUrl: sitePublishing.wordpressUrl,
      wordpressUser: sitePublishing.wordpressUser,
      wordpressPassword: sitePublishing.wordpressPassword,
      webhookUrl: sitePublishing.webhookUrl,
      webhookSecret: sitePublishing.webhookSecret,
      remoteId: pagePublications.remoteId,
      remoteType: pagePublications.remoteType,
      featuredMediaId: pagePublications.featuredMediaId,
      featuredImageSha256: pagePublications.featuredImageSha256,
      pendingSince: pagePublications.pendingSince,
      imageUrl: sql<string | null>`(
        select "pages_versions_images"."image_url" from "pages_versions_images"
        where "pages_versions_images"."linked_page" = "pages"."id" and "pages_versions_images"."type" = 'proposition'
          and "pages_versions_images"."chosen"
        order by "pages_versions_images"."id" desc limit 1)`,
    })
    .from(pagesVersions)
    .innerJoin(pages, eq(pages.id, pagesVersions.page))
    .innerJoin(sites, eq(sites.id, pages.site))
    .leftJoin(sitePublishing, eq(sitePublishing.siteId, sites.id))
    .leftJoin(pagePublications, eq(pagePublications.pageId, pages.id))
    .where(and(eq(pagesVersions.id, versionId), eq(pagesVersions.page, pageId)));
  return row;
}

/** The chosen cover image's bytes, from our storage; null when there is none or it is not an image. */
async function featuredImage(url: string | null, alt: string, slug: string): Promise<ArticleImage | null> {
  if (!url) return null;
  const storage = getStorage();
  const located = storage.locate(url);
  if (!located) return null;
  const bytes = await storage.read(located.bucket, located.key);
  if (!bytes) return null;
  const mimeType = detectImageType(bytes);
  if (!mimeType) return null;
  return {
    bytes,
    mimeType,
    fileName: `${slug || "cover"}.${EXTENSIONS[mimeType][0]}`,
    alt,
    sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
  };
}

/**
 * The page published: its row (where it is, which version, when, by whom; `pending_since` cleared) and its status
 * following the remote one, in one transaction. `fields` adds what the target knows (WordPress's post and image).
 */
async function recordPublished(
  job: Job,
  target: "wordpress" | "webhook",
  remoteStatus: string,
  fields: Partial<typeof pagePublications.$inferInsert> = {},
) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const values = {
      ...fields,
      target,
      remoteStatus,
      liveVersion: job.versionId,
      publishedAt: clockNow(),
      publishedBy: job.creator,
      pendingSince: null,
      updatedAt: new Date(),
    };
    await tx
      .insert(pagePublications)
      .values({ pageId: job.pageId, ...values })
      .onConflictDoUpdate({ target: pagePublications.pageId, set: values });
    await tx
      .update(pages)
      .set({ status: pageStatusOfWordPress(remoteStatus), dateModified: new Date() })
      .where(eq(pages.id, job.pageId));
    // The owner hears of it once it is live (a draft or private post on their site is not published yet).
    if (remoteStatus === "publish") {
      await recordNotifications(tx, { kind: "article_published", pageId: job.pageId, versionId: job.versionId });
    }
  });
}

/** WordPress's steps, each written as soon as WordPress confirms it. */
function stepsFor(job: Job): PublishSteps {
  const upsert = async (fields: Partial<typeof pagePublications.$inferInsert>) => {
    const db = await getDb();
    const values = { ...fields, updatedAt: new Date() };
    await db
      .insert(pagePublications)
      .values({ pageId: job.pageId, target: "wordpress", ...values })
      .onConflictDoUpdate({ target: pagePublications.pageId, set: values });
  };
  return {
    mediaUploaded: (mediaId, sha256) => upsert({ featuredMediaId: mediaId, featuredImageSha256: sha256 }),
    creating: () => upsert({ pendingSince: new Date() }),
    confirmed: (published: Published) =>
      recordPublished(job, "wordpress", published.remoteStatus, {
        remoteId: published.remoteId,
        remoteType: published.remoteType,
        remoteLink: published.remoteLink,
        featuredMediaId: published.featuredMediaId,
        featuredImageSha256: published.featuredImageSha256,
      }),
  };
}

type PublishContext = NonNullable<Awaited<ReturnType<typeof publishContext>>>;
type Job = { pageId: number; versionId: number; creator: string | null; signal: AbortSignal; recreate: boolean };

/** A secret of the site's connection, opened; missing or unreadable, the publish fails saying what to do. */
function openSiteSecret(sealed: string | null, context: string, unreadable: string): string {
  try {
    if (!sealed) throw new UnreadableSecretError();
    return openSecret(sealed, context);
  } catch (err) {
    if (err instanceof UnreadableSecretError) throw new PermanentError(unreadable);
    throw err;
  }
}

/** A remote problem as the queue reads it: tried again later, or failed with its reason. */
function forQueue(err: unknown): unknown {
  if (!(err instanceof WordPressError) && !(err instanceof WebhookError)) return err;
  return err.retryable ? new RetryableError(err.message, err.retryAfterSeconds) : new PermanentError(err.message);
}

/**
 * The article as both targets send it: the h1 as title, the rest as content, the slug, the meta description as
 * excerpt (the version's, else the start of its text), the site's status and type.
 */
function articleOf(context: PublishContext): Omit<Article, "image"> {
  const { title, html } = splitTitle(cleanArticleHtml(context.html), context.pageName);
  if (!html && !title) throw new PermanentError("The version holds no article to publish");
  return {
    title,
    html,
    slug: slugFromUrl(context.pageUrl, title),
    excerpt: metaDescriptionOf({ metaDescription: context.metaDescription, html }),
    status: (STATUSES.has(context.defaultStatus) ? context.defaultStatus : "draft") as Article["status"],
    contentType: contentTypeOf(context.defaultTypePagePost),
  };
}

/** The webhook's delivery of the version: the article as JSON, signed. */
async function sendToWebhook(context: PublishContext, job: Job) {
  if (!context.webhookUrl) throw new PermanentError("The site has no webhook: set it on the site's Publishing screen.");
  const secret = openSiteSecret(
    context.webhookSecret,
    webhookSecretContext(context.siteId),
    "The webhook's signing secret can no longer be read: make a new one on the site's Publishing screen.",
  );
  const article = articleOf(context);
  await deliverWebhook(
    context.webhookUrl,
    secret,
    {
      event: "article.published",
      page_id: job.pageId,
      version_id: job.versionId,
      title: article.title,
      slug: article.slug,
      html: article.html,
      markdown: articleMarkdown(article.html),
      meta_description: article.excerpt,
      image_url: context.autoPublishImage && context.imageUrl ? new URL(context.imageUrl, getEnv().PUBLIC_URL).href : null,
      status: article.status,
      published_at: new Date().toISOString(),
    },
    { signal: job.signal },
  );
  job.signal.throwIfAborted();
  await recordPublished(job, "webhook", article.status);
  logger.info({ pageId: job.pageId, versionId: job.versionId }, "sent to the webhook");
}

/** The version onto the site's WordPress: the same post again, or a new one. */
async function sendToWordPress(context: PublishContext, job: Job) {
  if (!context.wordpressUrl || !context.wordpressUser)
    throw new PermanentError("The site has no WordPress connection: connect it on the site's Publishing screen.");
  const applicationPassword = openSiteSecret(
    context.wordpressPassword,
    wordpressPasswordContext(context.siteId),
    "The stored application password can no longer be read: enter it again on the site's Publishing screen.",
  );
  const base = articleOf(context);
  const article: Article = {
    ...base,
    image: context.autoPublishImage ? await featuredImage(context.imageUrl, base.title, base.slug) : null,
  };
  const client = await WordPressClient.connect(
    { siteUrl: context.wordpressUrl, username: context.wordpressUser, applicationPassword },
    { signal: job.signal },
  );
  job.signal.throwIfAborted();
  const published = await publishToWordPress(client, article, context, stepsFor(job), { recreate: job.recreate });
  logger.info(
    { pageId: job.pageId, versionId: job.versionId, remoteId: published.remoteId, status: published.remoteStatus },
    "published to WordPress",
  );
}

export function publishArticleTask() {
  return defineTask({
    payload: publishPayload,
    settings: [],
    async run({ creator, payload: { pageId, versionId, recreate }, signal }) {
      const context = await publishContext(pageId, versionId);
      if (!context) throw new PermanentError("The version to publish no longer exists");
      const job: Job = { pageId, versionId, creator, signal, recreate };
      try {
        if (context.target === "webhook") await sendToWebhook(context, job);
        else if (context.target === "wordpress") await sendToWordPress(context, job);
        else throw new PermanentError("The site has no WordPress connection: connect it on the site's Publishing screen.");
      } catch (err) {
        throw forQueue(err);
      }
    },
  });
}
