CREATE TABLE "site_publishing" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"wordpress_url" text,
	"wordpress_user" text,
	"wordpress_password" text,
	"webhook_url" text,
	"webhook_secret" text,
	"publish_on_approval" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone,
	"check_problem" text,
	"check_message" text,
	"checked_user_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "site_publishing_target_check" CHECK ("site_publishing"."target" in ('wordpress', 'webhook'))
);
--> statement-breakpoint
ALTER TABLE "site_publishing" ADD CONSTRAINT "site_publishing_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_publishing" ADD CONSTRAINT "site_publishing_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_publishing_updated_by_idx" ON "site_publishing" USING btree ("updated_by");