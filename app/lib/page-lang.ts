import { useMatches } from "react-router";

export type PageLang = "en" | "fr";

/** A route's `handle.lang` sets the page's language: `<html lang>` and the shared components' words. The app is French. */
export function usePageLang(): PageLang {
  const matches = useMatches();
  return matches.map((match) => (match.handle as { lang?: PageLang } | undefined)?.lang).findLast(Boolean) ?? "fr";
}

/** Picks the words of the page's language from an { en, fr } pair. */
export function useWords<T>(words: Record<PageLang, T>): T {
  return words[usePageLang()];
}
