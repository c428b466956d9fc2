CREATE TABLE "page_publications" (
	"page_id" integer PRIMARY KEY NOT NULL,
	"target" text DEFAULT 'wordpress' NOT NULL,
	"remote_id" integer,
	"remote_type" text,
	"remote_status" text,
	"remote_link" text,
	"featured_media_id" integer,
	"featured_image_sha256" text,
	"live_version" integer,
	"published_at" timestamp with time zone,
	"published_by" text,
	"pending_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_publications_target_check" CHECK ("page_publications"."target" in ('wordpress', 'webhook'))
);
--> statement-breakpoint
ALTER TABLE "page_publications" ADD CONSTRAINT "page_publications_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_publications" ADD CONSTRAINT "page_publications_live_version_pages_versions_id_fk" FOREIGN KEY ("live_version") REFERENCES "public"."pages_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_publications" ADD CONSTRAINT "page_publications_published_by_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_publications_live_version_idx" ON "page_publications" USING btree ("live_version");--> statement-breakpoint
CREATE INDEX "page_publications_published_by_idx" ON "page_publications" USING btree ("published_by");--> statement-breakpoint
INSERT INTO "actions" ("name") VALUES ('publish_article') ON CONFLICT DO NOTHING;
