ALTER TABLE "pages_actions" ADD COLUMN "state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages_actions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pages_actions" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages_actions" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages_actions" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "pages_actions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "pages_actions_state_created_idx" ON "pages_actions" USING btree ("state","created_date");--> statement-breakpoint
ALTER TABLE "pages_actions" ADD CONSTRAINT "pages_actions_state_check" CHECK ("pages_actions"."state" in ('queued', 'running', 'done', 'failed', 'waiting'));