ALTER TABLE "notifications" ADD COLUMN "path" text GENERATED ALWAYS AS (case
          when "kind" = 'outline_ready' and "page" is not null then '/sites/' || "site"::text || '/pages/' || "page"::text || '/outline'
          when "kind" = 'monthly_report' then '/sites/' || "site"::text || '/results/report'
          when "kind" = 'checks_capped' then '/sites/' || "site"::text || '/results'
          when "version" is not null and "kind" <> 'article_published' then '/review/' || "version"::text
          when "page" is not null then '/sites/' || "site"::text || '/pages/' || "page"::text
          else '/sites/' || "site"::text
        end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_unread_path_idx" ON "notifications" USING btree ("recipient","path") WHERE "notifications"."read_at" is null;