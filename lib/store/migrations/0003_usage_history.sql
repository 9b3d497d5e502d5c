CREATE TABLE "console_usage_readings" (
	"client_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"currency" text,
	"balance_minor" bigint,
	"endpoints" jsonb NOT NULL,
	"plans" jsonb NOT NULL,
	CONSTRAINT "console_usage_readings_client_id_hour_pk" PRIMARY KEY("client_id","hour")
);
--> statement-breakpoint
ALTER TABLE "console_usage_warnings" DROP CONSTRAINT "console_usage_warnings_client_id_text_pk";--> statement-breakpoint
ALTER TABLE "console_usage_warnings" ADD COLUMN "topic" text;--> statement-breakpoint
UPDATE "console_usage_warnings" SET "topic" = regexp_replace("text", '[0-9]+', '#', 'g');--> statement-breakpoint
DELETE FROM "console_usage_warnings" w USING "console_usage_warnings" newer
  WHERE w."client_id" = newer."client_id" AND w."topic" = newer."topic"
    AND (w."last_seen_at", w."text") < (newer."last_seen_at", newer."text");--> statement-breakpoint
ALTER TABLE "console_usage_warnings" ALTER COLUMN "topic" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "console_usage_warnings" ADD CONSTRAINT "console_usage_warnings_client_id_topic_pk" PRIMARY KEY("client_id","topic");--> statement-breakpoint
CREATE INDEX "console_usage_readings_taken_idx" ON "console_usage_readings" USING btree ("taken_at");