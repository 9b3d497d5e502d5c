CREATE TABLE "console_request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"operation_id" text NOT NULL,
	"status" integer,
	"error_code" text,
	"billing_source" text,
	"replayed" boolean DEFAULT false NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "console_request_log_client_idx" ON "console_request_log" USING btree ("client_id","created_at");