ALTER TABLE "pages_actions" ADD COLUMN "tokens_in" integer;--> statement-breakpoint
ALTER TABLE "pages_actions" ADD COLUMN "tokens_out" integer;--> statement-breakpoint
ALTER TABLE "pages_actions" ADD COLUMN "cost_usd" numeric(14, 6);