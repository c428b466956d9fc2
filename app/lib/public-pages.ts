/**
 * The public pages that search engines and AI assistants should read (sitemap.xml), with the heading each
 * one shows. '/home-4-pricing-google-2-why-ai' is the main page again (its canonical link is '/'), and the
 * success and maintenance screens are not worth indexing.
 */
export const INDEXED_PUBLIC_PATHS = [
  "/",
  "/home-1",
  "/home-2",
  "/home-3",
  "/home-4",
  "/home-4-pricing-openai",
  "/home-4-pricing-antropic",
  "/home-4-pricing-google",
  "/home-5",
  "/first-article",
] as const;

/** Paths a crawler has no business in (the signed-in area and the resource routes). */
export const PRIVATE_PATH_PREFIXES = ["/api/", "/dashboard", "/sites", "/profile", "/settings", "/notifications", "/tone-articles", "/review/", "/r/", "/reports/", "/auth/"];

/** AI crawlers named in robots.txt, so that nobody wonders whether they are welcome: they are. */
export const AI_CRAWLERS = [
  "GPTBot",
  "OAI-SearchBot",
  "ChatGPT-User",
  "ClaudeBot",
  "Claude-SearchBot",
  "Claude-User",
  "PerplexityBot",
  "Perplexity-User",
  "Google-Extended",
  "Applebot-Extended",
  "CCBot",
  "Bytespider",
  "Amazonbot",
  "meta-externalagent",
  "cohere-ai",
  "DuckAssistBot",
  "MistralAI-User",
] as const;
