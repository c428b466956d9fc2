-- The page list searches and sorts on the server (issue 13), with the rules the browser applied before.
-- page_sort orders names and URLs as Intl.Collator("fr", { sensitivity: "base", numeric: true }) did: ICU,
-- French, primary strength (accents and case ignored), digits compared as numbers ('page-2' before
-- 'page-10'). The ICU keyword form ('@colStrength=...') is the one PGlite's ICU reads; PostgreSQL reads it too.
CREATE COLLATION IF NOT EXISTS "page_sort" (provider = icu, locale = 'fr@colStrength=primary;colNumeric=yes', deterministic = false);--> statement-breakpoint
-- page_case lowercases for the search as JavaScript's toLowerCase() did (Unicode's full case mapping), whatever
-- the database's own character type: lower() under a "C" database leaves 'É' as it is.
CREATE COLLATION IF NOT EXISTS "page_case" (provider = icu, locale = 'und');
