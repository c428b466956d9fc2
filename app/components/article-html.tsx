import { cn } from "~/lib/utils";

/**
 * Shows article HTML that the server already passed through sanitizeArticleHtml
 * (app/lib/sanitize.server.ts). Never give it anything else.
 */
export function ArticleHtml({ html, className }: { html: string; className?: string }) {
  return <div className={cn("article-content", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
