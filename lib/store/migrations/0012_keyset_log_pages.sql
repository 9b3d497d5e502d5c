-- Logs page by position (created_at, id) instead of by offset and count: each page reads only
-- its own rows from these indexes, however long the log.
DROP INDEX "console_audit_organization_idx";--> statement-breakpoint
DROP INDEX "console_jobs_organization_idx";--> statement-breakpoint
DROP INDEX "console_request_log_organization_idx";--> statement-breakpoint
CREATE INDEX "console_audit_organization_idx" ON "console_audit_log" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "console_jobs_organization_idx" ON "console_jobs" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "console_request_log_organization_idx" ON "console_request_log" USING btree ("organization_id","created_at","id");