CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "console_sub_user_lists" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "console_sub_users_search_idx" ON "console_sub_users" USING gin ("haystack" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "console_sub_users_status_idx" ON "console_sub_users" USING btree ("master_id","is_active");--> statement-breakpoint
CREATE INDEX "console_sub_users_flagged_idx" ON "console_sub_users" USING btree ("master_id") WHERE "console_sub_users"."usage_flag" is not null;