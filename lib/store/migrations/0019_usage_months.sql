CREATE TABLE "console_usage_months" (
	"client_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"currency" text,
	"endpoints" jsonb NOT NULL,
	"plans" jsonb NOT NULL,
	CONSTRAINT "console_usage_months_client_id_period_start_pk" PRIMARY KEY("client_id","period_start")
);
--> statement-breakpoint
-- The months of the readings already kept: each period's last reading.
INSERT INTO "console_usage_months" ("client_id", "period_start", "period_end", "taken_at", "currency", "endpoints", "plans")
SELECT DISTINCT ON ("client_id", "period_start") "client_id", "period_start", "period_end", "taken_at", "currency", "endpoints", "plans"
  FROM "console_usage_readings"
 ORDER BY "client_id", "period_start", "taken_at" DESC;
