-- Logs page by position (organization, created_at, id) instead of by offset and count, and the
-- retention round finds what has aged by an index of its own. The new indexes are built before
-- the old ones are dropped: building takes a lock that lets reads through, while a DROP INDEX
-- takes one that stops them, so it comes last, just before the migration commits.
CREATE INDEX "console_audit_page_idx" ON "console_audit_log" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "console_audit_age_idx" ON "console_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "console_jobs_page_idx" ON "console_jobs" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "console_jobs_finished_age_idx" ON "console_jobs" USING btree ("updated_at") WHERE "console_jobs"."status" not in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "console_request_log_page_idx" ON "console_request_log" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "console_request_log_age_idx" ON "console_request_log" USING btree ("created_at");--> statement-breakpoint
DROP INDEX "console_audit_organization_idx";--> statement-breakpoint
DROP INDEX "console_jobs_organization_idx";--> statement-breakpoint
DROP INDEX "console_request_log_organization_idx";
