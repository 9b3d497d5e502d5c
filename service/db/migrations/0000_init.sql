CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"label" text,
	"key_hash" text NOT NULL,
	"environment" text DEFAULT 'production' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "client_plans" (
	"client_id" text NOT NULL,
	"endpoint_key" text NOT NULL,
	"plan_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_plans_client_id_endpoint_key_pk" PRIMARY KEY("client_id","endpoint_key")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"default_provider_id" integer,
	"allowlist" text[],
	"billing_mode" text DEFAULT 'prepaid' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"client_id" text NOT NULL,
	"key" text NOT NULL,
	"operation_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_headers" jsonb,
	"response_body" text,
	"result_available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_records_client_id_key_pk" PRIMARY KEY("client_id","key")
);
--> statement-breakpoint
CREATE TABLE "partner_workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_client_id" text NOT NULL,
	"client_id" text NOT NULL,
	"external_reference" text NOT NULL,
	"name" text NOT NULL,
	"application_label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"endpoint_key" text NOT NULL,
	"included_monthly_quantity" integer NOT NULL,
	"owner_client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"client_id" text NOT NULL,
	"rule_key" text NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_counters_client_id_rule_key_window_start_pk" PRIMARY KEY("client_id","rule_key","window_start")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"position" integer NOT NULL,
	"endpoint_key" text NOT NULL,
	"window_seconds" integer NOT NULL,
	"max_requests" integer NOT NULL,
	"api_key_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsorship_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"sponsor_client_id" text NOT NULL,
	"reference" text NOT NULL,
	"beneficiary_client_id" text NOT NULL,
	"endpoint_keys" text[] NOT NULL,
	"channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"allow_partner_terms" boolean DEFAULT false NOT NULL,
	"monthly_cap_minor" integer,
	"billing_mode" text DEFAULT 'own' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"api_key_id" text NOT NULL,
	"endpoint_key" text NOT NULL,
	"operation_id" text NOT NULL,
	"period" text NOT NULL,
	"source" text NOT NULL,
	"amount_minor" integer DEFAULT 0 NOT NULL,
	"payer_client_id" text NOT NULL,
	"grant_id" text,
	"plan_id" text,
	"vin" text,
	"status" text DEFAULT 'charged' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_plans" ADD CONSTRAINT "client_plans_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_plans" ADD CONSTRAINT "client_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_workspaces" ADD CONSTRAINT "partner_workspaces_owner_client_id_clients_id_fk" FOREIGN KEY ("owner_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_workspaces" ADD CONSTRAINT "partner_workspaces_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD CONSTRAINT "rate_limits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorship_grants" ADD CONSTRAINT "sponsorship_grants_sponsor_client_id_clients_id_fk" FOREIGN KEY ("sponsor_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorship_grants" ADD CONSTRAINT "sponsorship_grants_beneficiary_client_id_clients_id_fk" FOREIGN KEY ("beneficiary_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_client_idx" ON "api_keys" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "clients_parent_idx" ON "clients" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "idempotency_expiry_idx" ON "idempotency_records" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_owner_reference_idx" ON "partner_workspaces" USING btree ("owner_client_id","external_reference");--> statement-breakpoint
CREATE INDEX "rate_limits_client_idx" ON "rate_limits" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grants_sponsor_reference_idx" ON "sponsorship_grants" USING btree ("sponsor_client_id","reference");--> statement-breakpoint
CREATE INDEX "grants_beneficiary_idx" ON "sponsorship_grants" USING btree ("beneficiary_client_id");--> statement-breakpoint
CREATE INDEX "usage_client_period_idx" ON "usage_events" USING btree ("client_id","period");--> statement-breakpoint
CREATE INDEX "usage_grant_period_idx" ON "usage_events" USING btree ("grant_id","period");--> statement-breakpoint
CREATE INDEX "usage_vin_idx" ON "usage_events" USING btree ("client_id","vin","period");