CREATE TABLE "console_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"operation_id" text NOT NULL,
	"target" text,
	"outcome" text NOT NULL,
	"error_code" text,
	"idempotency_key" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"is_master" boolean NOT NULL,
	"environment" text NOT NULL,
	"account_label" text,
	"key_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_usage_warnings" (
	"client_id" text NOT NULL,
	"text" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "console_usage_warnings_client_id_text_pk" PRIMARY KEY("client_id","text")
);
--> statement-breakpoint
CREATE INDEX "console_audit_client_idx" ON "console_audit_log" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "console_sessions_expiry_idx" ON "console_sessions" USING btree ("expires_at");