ALTER TABLE "pages" ADD COLUMN "revision_requests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pages_versions" ADD COLUMN "revision_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "included_revision_rounds" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
-- The requests for changes made before this migration, as far as the team's inbox recorded them (the clients' own, since issue 14).
UPDATE "pages" SET "revision_requests" = "asked"."count"
FROM (
  SELECT "pages_versions"."page" AS "page", count(*) AS "count"
  FROM "team_inbox" JOIN "pages_versions" ON "pages_versions"."id" = "team_inbox"."version_id"
  WHERE "team_inbox"."kind" = 'review' AND "team_inbox"."decision" = 'revision'
  GROUP BY "pages_versions"."page"
) AS "asked"
WHERE "asked"."page" = "pages"."id";
