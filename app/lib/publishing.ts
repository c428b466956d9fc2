/** Publishing's words and types shared by the server and the screens (issue 15). */

/** What a site's sealed secrets belong to (their AES-GCM associated data): the model seals, the worker opens. */
export const wordpressPasswordContext = (siteId: number) => `site:${siteId}:wordpress-password`;
export const webhookSecretContext = (siteId: number) => `site:${siteId}:webhook-secret`;

/** The last 'Test connection': when, what it found (problem null: the connection works), and as whom. */
export type PublishingCheck = { at: string; problem: string | null; message: string | null; userName: string | null };

/** WordPress's kind of content for a site's default_type_page_post (free text in the site form): "page", or posts. */
export function contentTypeOf(defaultTypePagePost: string | null | undefined): "post" | "page" {
  return defaultTypePagePost?.trim().toLowerCase() === "page" ? "page" : "post";
}

/** What a publish button adds when the version it sends is not approved (issue 38): it is sent all the same. */
export const NOT_APPROVED_YET = "(not approved yet)";

/** What a site's default_status means on WordPress. */
export const WORDPRESS_STATUS_LABELS: Record<string, string> = { draft: "Draft", private: "Private", publish: "Published" };

/** What the import says when the site has no WordPress connection (any more: 'Disconnect' from another tab, say). */
export const WORDPRESS_NOT_CONNECTED = "WordPress is not connected to this site any more: connect it above to import from it.";

/** What a publish says when the post was deleted (or trashed) on WordPress: the screen then offers to make it again. */
export const POST_MISSING = "The post was deleted on WordPress (or moved to its trash). Use 'Create it again' to publish it as a new post.";

/** The page statuses (lib/page-rules.ts) a WordPress status maps to: published there, or a draft. */
export const PAGE_STATUS_PUBLISHED = 1;
export const PAGE_STATUS_DRAFT = 2;
export const pageStatusOfWordPress = (status: string) => (status === "publish" ? PAGE_STATUS_PUBLISHED : PAGE_STATUS_DRAFT);

/** The post's slug from the page's address: its path's last segment, lower case, WordPress's characters only. */
export function slugFromUrl(url: string, fallback: string): string {
  let segment = "";
  try {
    segment = decodeURIComponent(new URL(url).pathname.split("/").filter(Boolean).at(-1) ?? "");
  } catch {
    segment = "";
  }
  const slugify = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/\.(html?|php)$/, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 190);
  return slugify(segment) || slugify(fallback);
}
