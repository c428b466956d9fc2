ALTER TABLE "serp_checks" ADD COLUMN "ai_overview" boolean;--> statement-breakpoint
ALTER TABLE "serp_checks" ADD COLUMN "ai_overview_site_urls" text[];--> statement-breakpoint
ALTER TABLE "serp_checks" ADD COLUMN "ai_overview_domains" text[];--> statement-breakpoint
-- What the AI Overviews kept so far mean for their site (issue 42), as recordSerpCheck computes it: hosts lowercased,
-- without scheme, port or a leading "www." (when more labels follow), the site's own and its subdomains apart.
WITH refs AS (
  SELECT c."id", r.n, r.url, regexp_replace(regexp_replace(split_part(split_part(split_part(split_part(split_part(regexp_replace(lower(r.url), '^[a-z][a-z0-9+.-]*://', ''), '/', 1), '?', 1), '#', 1), '@', -1), ':', 1), '\.$', ''), '^www\.([^.]+\..+)$', '\1') AS host, regexp_replace(regexp_replace(split_part(split_part(split_part(split_part(split_part(regexp_replace(lower(s."url"), '^[a-z][a-z0-9+.-]*://', ''), '/', 1), '?', 1), '#', 1), '@', -1), ':', 1), '\.$', ''), '^www\.([^.]+\..+)$', '\1') AS site_host
  FROM "serp_checks" c JOIN "sites" s ON s."id" = c."site",
    jsonb_array_elements_text(jsonb_path_query_array(c."features", '$.aiOverview.references[*].url')) WITH ORDINALITY AS r(url, n)
  WHERE c."features" IS NOT NULL
), sorted AS (
  SELECT "id", url, host, min(n) AS first_n, host <> '' AND site_host <> '' AND (host = site_host OR host LIKE '%.' || site_host) AS own
  FROM refs WHERE host LIKE '%.%' GROUP BY "id", url, host, site_host
), per_check AS (
  SELECT "id",
    array_agg(url ORDER BY first_n) FILTER (WHERE own) AS site_urls,
    (SELECT array_agg(d.host ORDER BY d.first_n) FROM (
      SELECT o.host, min(o.first_n) AS first_n FROM sorted o WHERE o."id" = sorted."id" AND NOT o.own GROUP BY o.host) d) AS domains
  FROM sorted GROUP BY "id"
)
UPDATE "serp_checks" c SET
  "ai_overview" = jsonb_typeof(c."features" -> 'aiOverview') = 'object',
  "ai_overview_site_urls" = coalesce(p.site_urls, '{}'),
  "ai_overview_domains" = coalesce(p.domains, '{}')
FROM "serp_checks" k LEFT JOIN per_check p ON p."id" = k."id"
WHERE c."id" = k."id" AND c."features" IS NOT NULL;
