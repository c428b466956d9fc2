CREATE TABLE "app_rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" bigint NOT NULL,
	"window_end" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "app_rate_limit_window_end_idx" ON "app_rate_limit" USING btree ("window_end");--> statement-breakpoint
-- The application's counters kept so far in rate_limit (keys 'app:…') move here, with an end an hour after
-- their start (the longest window the application uses), so that a lockout in progress holds.
INSERT INTO "app_rate_limit" ("key", "count", "window_start", "window_end")
SELECT substr("key", 5), "count", "last_request", "last_request" + 3600000 FROM "rate_limit" WHERE "key" LIKE 'app:%'
ON CONFLICT ("key") DO NOTHING;
