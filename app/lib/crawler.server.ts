import { isbot } from "isbot";

/** A search engine or AI crawler: it gets the whole page at once, with no streamed parts and no loading states. */
export function isCrawler(request: Request): boolean {
  return isbot(request.headers.get("user-agent") ?? "");
}
