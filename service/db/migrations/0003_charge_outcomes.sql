ALTER TABLE "idempotency_records" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "instance_id" text;--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "pending_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "usage_pending_delivery_idx" ON "usage_events" USING btree ("instance_id") WHERE "usage_events"."pending_delivery";