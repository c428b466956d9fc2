ALTER TABLE "pages_actions" ADD COLUMN "worker_id" text;--> statement-breakpoint
ALTER TABLE "pages_actions" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages_actions" ADD COLUMN "next_attempt_at" timestamp with time zone;