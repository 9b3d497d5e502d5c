-- usage_plan_period_idx was made by migration 0012; this one records it in the schema.
DROP INDEX "usage_grant_period_idx";--> statement-breakpoint
DROP INDEX "usage_vin_idx";--> statement-breakpoint
CREATE INDEX "usage_grant_period_idx" ON "usage_events" USING btree ("grant_id","period") WHERE "usage_events"."grant_id" is not null;--> statement-breakpoint
CREATE INDEX "usage_vin_idx" ON "usage_events" USING btree ("client_id","vin","period") WHERE "usage_events"."vin" is not null;