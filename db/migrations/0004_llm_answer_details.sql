ALTER TABLE "llms" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "llms" ADD COLUMN "fallback_openrouter" text;--> statement-breakpoint
ALTER TABLE "pages_llm_answers" ADD COLUMN "question" text;--> statement-breakpoint
ALTER TABLE "pages_llm_answers" ADD COLUMN "mentions_site" boolean;--> statement-breakpoint
ALTER TABLE "pages_llm_answers" ADD COLUMN "cited_urls" jsonb;