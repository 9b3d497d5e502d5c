CREATE TABLE "pilot_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"environment" text NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pilot_sign_ins" (
	"login" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"environment" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "intelligence_pilot" jsonb;--> statement-breakpoint
ALTER TABLE "pilot_sessions" ADD CONSTRAINT "pilot_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pilot_sign_ins" ADD CONSTRAINT "pilot_sign_ins_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pilot_sessions_expiry_idx" ON "pilot_sessions" USING btree ("expires_at");