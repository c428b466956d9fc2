/**
 * An article onto WordPress (issue 15): the featured image uploaded only when its bytes changed (with its alt
 * text), then the same post updated, or a post created when there is none. Each step is recorded as soon as
 * WordPress confirms it (PublishSteps), and a creation that a dead worker left unconfirmed is found again by
 * its title among the posts modified since, instead of being made twice. A post deleted or trashed on the
 * WordPress side is said (post_missing) and made again only when asked (`recreate`).
 */
import { POST_MISSING } from "~/lib/publishing";
import type { Article, Published, PublishSteps, RemoteState } from "./publisher";
import { WordPressError, type WordPressClient } from "./wordpress.server";

type WpPost = { id: number; status: string; link?: string; title?: { raw?: string; rendered?: string } };

const collectionOf = (type: "post" | "page") => (type === "page" ? "pages" : "posts");

/** Statuses of a post that still stands (not trashed); the list a search for our own creation reads. */
const LIVE_STATUSES = "publish,future,draft,pending,private";

/** How far before a creation started the search for it looks (clocks differ). */
const CLOCK_SLACK_MS = 10 * 60_000;

async function findUnconfirmedCreation(client: WordPressClient, article: Article, since: Date): Promise<number | null> {
  const { data } = await client.call<WpPost[]>("GET", `/wp/v2/${collectionOf(article.contentType)}`, "looking for a post made before", {
    query: {
      context: "edit",
      status: LIVE_STATUSES,
      modified_after: new Date(since.getTime() - CLOCK_SLACK_MS).toISOString(),
      per_page: 100,
    },
  });
  const same = data.filter((post) => (post.title?.raw ?? "").trim() === article.title.trim());
  return same.length ? Math.max(...same.map((post) => post.id)) : null;
}

/** Whether the post still stands on WordPress (not deleted, not in the trash). */
async function stillThere(client: WordPressClient, type: "post" | "page", id: number): Promise<boolean> {
  try {
    const { data } = await client.call<WpPost>("GET", `/wp/v2/${collectionOf(type)}/${id}`, "reading the post", {
      query: { context: "edit" },
    });
    return data.status !== "trash";
  } catch (err) {
    if (err instanceof WordPressError && err.problem === "post_missing") return false;
    throw err;
  }
}

export async function publishToWordPress(
  client: WordPressClient,
  article: Article,
  remote: RemoteState,
  steps: PublishSteps,
  options: { recreate: boolean },
): Promise<Published> {
  const collection = collectionOf(article.contentType);

  // 1. The featured image, uploaded again only when its bytes changed.
  let mediaId: number | null = null;
  if (article.image) {
    if (remote.featuredMediaId && remote.featuredImageSha256 === article.image.sha256) mediaId = remote.featuredMediaId;
    else {
      const { data } = await client.call<{ id: number }>("POST", "/wp/v2/media", "uploading the featured image", {
        body: new Uint8Array(article.image.bytes),
        headers: {
          "Content-Type": article.image.mimeType,
          "Content-Disposition": `attachment; filename="${article.image.fileName.replace(/["\\\r\n]/g, "")}"`,
        },
      });
      mediaId = data.id;
      await steps.mediaUploaded(mediaId, article.image.sha256);
      await client.call("POST", `/wp/v2/media/${mediaId}`, "setting the image's alt text", { json: { alt_text: article.image.alt } });
    }
  }

  const fields = {
    title: article.title,
    content: article.html,
    excerpt: article.excerpt,
    slug: article.slug,
    status: article.status,
    // No image any more: the post loses the one it had.
    featured_media: mediaId ?? 0,
  };
  const confirm = async (post: WpPost): Promise<Published> => {
    const published: Published = {
      remoteId: post.id,
      remoteType: article.contentType,
      remoteStatus: post.status,
      remoteLink: post.link ?? null,
      featuredMediaId: mediaId,
      featuredImageSha256: mediaId ? (article.image?.sha256 ?? null) : null,
    };
    await steps.confirmed(published);
    return published;
  };

  // 2. The same post again: the one known, or the one a dead worker made without recording it.
  let target = remote.remoteId && remote.remoteType === article.contentType ? remote.remoteId : null;
  if (target && !(await stillThere(client, article.contentType, target))) {
    if (!options.recreate) throw new WordPressError("post_missing", POST_MISSING, 404);
    target = null;
  }
  if (!target && remote.pendingSince) target = await findUnconfirmedCreation(client, article, remote.pendingSince);
  if (target) {
    const { data } = await client.call<WpPost>("POST", `/wp/v2/${collection}/${target}`, "updating the post", { json: fields });
    return confirm(data);
  }

  // 3. A new post.
  await steps.creating();
  const { data } = await client.call<WpPost>("POST", `/wp/v2/${collection}`, "creating the post", { json: fields });
  return confirm(data);
}
