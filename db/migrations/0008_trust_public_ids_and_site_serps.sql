ALTER TABLE "pages_versions" ADD COLUMN "public_id" text DEFAULT rtrim(translate(encode(substring(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex') from 1 for 24), 'base64'), '+/', '-_'), '=') NOT NULL;--> statement-breakpoint
ALTER TABLE "serps" ADD COLUMN "site" integer;--> statement-breakpoint
ALTER TABLE "serps" ADD CONSTRAINT "serps_site_sites_id_fk" FOREIGN KEY ("site") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Results kept from before results had a site: each goes to the site whose search last produced it (the newest
-- finished serps request for its keyword), else to the one site that tracks its keyword; otherwise it stays
-- without a site, kept but shown to nobody.
UPDATE "serps" SET "site" = "src"."site" FROM (
  SELECT DISTINCT ON ("pa"."info2") "pa"."info2", "p"."site"
  FROM "pages_actions" "pa"
  JOIN "actions" "a" ON "a"."id" = "pa"."linked_action" AND "a"."name" = 'serps'
  JOIN "pages" "p" ON "p"."id" = "pa"."linked_page"
  WHERE "pa"."state" = 'done' AND "pa"."info2" ~ '^[0-9]+$'
  ORDER BY "pa"."info2", "pa"."finished_at" DESC NULLS LAST, "pa"."id" DESC
) "src" WHERE "serps"."site" IS NULL AND "src"."info2" = "serps"."linked_keyword"::text;--> statement-breakpoint
UPDATE "serps" SET "site" = "only"."site" FROM (
  SELECT "pk"."linked_keyword", min("p"."site") AS "site"
  FROM "pages_keywords" "pk" JOIN "pages" "p" ON "p"."id" = "pk"."linked_page"
  GROUP BY "pk"."linked_keyword" HAVING count(DISTINCT "p"."site") = 1
) "only" WHERE "serps"."site" IS NULL AND "only"."linked_keyword" = "serps"."linked_keyword";--> statement-breakpoint
CREATE UNIQUE INDEX "pages_versions_public_id_uq" ON "pages_versions" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "serps_site_keyword_position_idx" ON "serps" USING btree ("site","linked_keyword","position_absolute");