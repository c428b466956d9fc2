ALTER TABLE "pages_versions" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "pages_versions_history" ADD COLUMN "meta_description" text;