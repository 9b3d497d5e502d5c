CREATE TABLE "console_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"family" text NOT NULL,
	"service_job_id" text,
	"status_url" text,
	"status" text NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb,
	"error" jsonb,
	"quarantine" jsonb,
	"retry_after_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_vin_flows" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id_hash" text NOT NULL,
	"client_id" text NOT NULL,
	"state_hash" text NOT NULL,
	"vin" text NOT NULL,
	"note" text,
	"outcome" text,
	"svc_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "console_jobs_client_idx" ON "console_jobs" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "console_vin_flows_state_idx" ON "console_vin_flows" USING btree ("state_hash");