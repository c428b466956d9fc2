/** Publishing's words and types shared by the server and the screens (issue 15). */

/** The last 'Test connection': when, what it found (problem null: the connection works), and as whom. */
export type PublishingCheck = { at: string; problem: string | null; message: string | null; userName: string | null };

/** WordPress's kind of content for a site's default_type_page_post (free text in the site form): "page", or posts. */
export function contentTypeOf(defaultTypePagePost: string | null | undefined): "post" | "page" {
  return defaultTypePagePost?.trim().toLowerCase() === "page" ? "page" : "post";
}

/** What a site's default_status means on WordPress. */
export const WORDPRESS_STATUS_LABELS: Record<string, string> = { draft: "Draft", private: "Private", publish: "Published" };
