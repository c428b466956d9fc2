ALTER TABLE "pages_actions" ADD COLUMN "runs_after" integer;--> statement-breakpoint
ALTER TABLE "site_briefs" ADD COLUMN "outline_approver" text DEFAULT 'client' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_inbox" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "team_inbox" ADD COLUMN "page_id" integer;--> statement-breakpoint
ALTER TABLE "team_inbox" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_inbox" ADD COLUMN "started_by" text;--> statement-breakpoint
ALTER TABLE "team_inbox" ADD COLUMN "delivered_version" integer;--> statement-breakpoint
ALTER TABLE "pages_actions" ADD CONSTRAINT "pages_actions_runs_after_pages_actions_id_fk" FOREIGN KEY ("runs_after") REFERENCES "public"."pages_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_inbox" ADD CONSTRAINT "team_inbox_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_inbox" ADD CONSTRAINT "team_inbox_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_inbox" ADD CONSTRAINT "team_inbox_delivered_version_pages_versions_id_fk" FOREIGN KEY ("delivered_version") REFERENCES "public"."pages_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pages_actions_runs_after_idx" ON "pages_actions" USING btree ("runs_after");--> statement-breakpoint
CREATE INDEX "team_inbox_page_id_idx" ON "team_inbox" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "team_inbox_started_by_idx" ON "team_inbox" USING btree ("started_by");--> statement-breakpoint
CREATE INDEX "team_inbox_delivered_version_idx" ON "team_inbox" USING btree ("delivered_version");--> statement-breakpoint
ALTER TABLE "site_briefs" ADD CONSTRAINT "site_briefs_outline_approver_check" CHECK ("site_briefs"."outline_approver" in ('client', 'team'));