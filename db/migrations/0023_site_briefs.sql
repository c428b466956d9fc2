CREATE TABLE "site_briefs" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"audience" text DEFAULT '' NOT NULL,
	"offer" text DEFAULT '' NOT NULL,
	"tone_samples" text DEFAULT '' NOT NULL,
	"topics_to_avoid" text DEFAULT '' NOT NULL,
	"competitors" text DEFAULT '' NOT NULL,
	"words_to_use" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "site_briefs" ADD CONSTRAINT "site_briefs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_briefs" ADD CONSTRAINT "site_briefs_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_briefs_updated_by_idx" ON "site_briefs" USING btree ("updated_by");