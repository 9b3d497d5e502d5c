CREATE TABLE "console_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "console_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "console_memberships" (
	"organization_id" text NOT NULL,
	"person_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_memberships_organization_id_person_id_pk" PRIMARY KEY("organization_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "console_organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"environment" text NOT NULL,
	"is_master" boolean NOT NULL,
	"name" text NOT NULL,
	"key_ciphertext" text NOT NULL,
	"key_sign_in" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key_replaced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "console_people" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text,
	"totp_ciphertext" text,
	"totp_confirmed_at" timestamp with time zone,
	"totp_last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_people_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "console_sign_in_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "console_sessions" ALTER COLUMN "key_ciphertext" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "console_audit_log" ADD COLUMN "actor_person_id" text;--> statement-breakpoint
ALTER TABLE "console_audit_log" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "console_audit_log" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "console_audit_log" ADD COLUMN "organization_id" text;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD COLUMN "organization_id" text;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD COLUMN "person_id" text;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD COLUMN "source_address" text;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD COLUMN "stepped_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "console_invitations_org_idx" ON "console_invitations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "console_memberships_person_idx" ON "console_memberships" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "console_organizations_client_idx" ON "console_organizations" USING btree ("client_id","environment");--> statement-breakpoint
CREATE INDEX "console_sessions_person_idx" ON "console_sessions" USING btree ("person_id");