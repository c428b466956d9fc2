CREATE TABLE "llm_check_domains" (
	"site" integer NOT NULL,
	"page" integer NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"domain" text NOT NULL,
	"answers" integer NOT NULL,
	CONSTRAINT "llm_check_domains_page_checked_at_domain_pk" PRIMARY KEY("page","checked_at","domain")
);
--> statement-breakpoint
CREATE TABLE "llm_check_tallies" (
	"site" integer NOT NULL,
	"page" integer NOT NULL,
	"llm" integer NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"answers" integer NOT NULL,
	"mentioned" integer NOT NULL,
	"cited" integer NOT NULL,
	"citation_sum" integer NOT NULL,
	"live" integer NOT NULL,
	"names_site" integer NOT NULL,
	CONSTRAINT "llm_check_tallies_page_llm_checked_at_pk" PRIMARY KEY("page","llm","checked_at")
);
--> statement-breakpoint
ALTER TABLE "llm_check_domains" ADD CONSTRAINT "llm_check_domains_site_sites_id_fk" FOREIGN KEY ("site") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_check_domains" ADD CONSTRAINT "llm_check_domains_page_pages_id_fk" FOREIGN KEY ("page") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_check_tallies" ADD CONSTRAINT "llm_check_tallies_site_sites_id_fk" FOREIGN KEY ("site") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_check_tallies" ADD CONSTRAINT "llm_check_tallies_page_pages_id_fk" FOREIGN KEY ("page") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "llm_check_tallies" ADD CONSTRAINT "llm_check_tallies_llm_llms_id_fk" FOREIGN KEY ("llm") REFERENCES "public"."llms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "llm_check_domains_site_idx" ON "llm_check_domains" USING btree ("site");--> statement-breakpoint
CREATE INDEX "llm_check_tallies_site_checked_idx" ON "llm_check_tallies" USING btree ("site","checked_at");--> statement-breakpoint
CREATE INDEX "llm_check_tallies_llm_idx" ON "llm_check_tallies" USING btree ("llm");--> statement-breakpoint
CREATE INDEX "llm_checks_first_citation_idx" ON "llm_checks" USING btree ("page","llm","checked_at","id") WHERE "llm_checks"."site_citation" is not null;--> statement-breakpoint
-- The answers kept so far, counted (issue 42).
INSERT INTO "llm_check_tallies" ("site", "page", "llm", "checked_at", "answers", "mentioned", "cited", "citation_sum", "live", "names_site")
SELECT "site", "page", "llm", "checked_at", count(*)::int,
  (count(*) FILTER (WHERE "mentions_site"))::int,
  (count(*) FILTER (WHERE "site_citation" IS NOT NULL))::int,
  coalesce(sum("site_citation"), 0)::int,
  (count(*) FILTER (WHERE "live"))::int,
  (count(*) FILTER (WHERE "mentions_site" OR "site_citation" IS NOT NULL))::int
FROM "llm_checks" GROUP BY "site", "page", "llm", "checked_at";--> statement-breakpoint
INSERT INTO "llm_check_domains" ("site", "page", "checked_at", "domain", "answers")
SELECT c."site", c."page", c."checked_at", d."domain", count(*)::int
FROM "llm_checks" c, unnest(c."domains") AS d("domain")
GROUP BY c."site", c."page", c."checked_at", d."domain";
