CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"family" text NOT NULL,
	"status" text NOT NULL,
	"vin" text,
	"result" jsonb,
	"error" jsonb,
	"charge_event_id" bigint,
	"charge_amount_minor" integer,
	"charge_payer_client_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"running_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirect_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"vin" text NOT NULL,
	"return_url" text NOT NULL,
	"state" text,
	"status" text DEFAULT 'open' NOT NULL,
	"svc_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vehicle_access" (
	"client_id" text NOT NULL,
	"svc_id" text NOT NULL,
	"vehicle" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_access_client_id_svc_id_pk" PRIMARY KEY("client_id","svc_id")
);
--> statement-breakpoint
CREATE TABLE "vin_provider_bindings" (
	"client_id" text NOT NULL,
	"vin" text NOT NULL,
	"provider" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vin_provider_bindings_client_id_vin_pk" PRIMARY KEY("client_id","vin")
);
--> statement-breakpoint
CREATE INDEX "jobs_client_idx" ON "jobs" USING btree ("client_id");