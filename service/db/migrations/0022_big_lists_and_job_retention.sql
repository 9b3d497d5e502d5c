CREATE INDEX "clients_parent_order_idx" ON "clients" USING btree ("parent_id","created_at","id" collate "C");--> statement-breakpoint
CREATE INDEX "jobs_finished_age_idx" ON "jobs" USING btree ("updated_at") WHERE "jobs"."status" in ('succeeded', 'failed');--> statement-breakpoint
CREATE INDEX "jobs_overdue_idx" ON "jobs" USING btree ("ready_at") WHERE "jobs"."status" in ('queued', 'running');