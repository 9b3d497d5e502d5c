-- Organizations kept apart (entries of a Client with one organization are given it; flows under
-- way and the agent connections, kept per key until now, start afresh) and single sign-on bound
-- to verified domains and to each organization's own identities.
CREATE TABLE "console_sign_in_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"surface" text NOT NULL,
	"account" text NOT NULL,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_sso_domains" (
	"organization_id" text NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "console_sso_domains_organization_id_domain_pk" PRIMARY KEY("organization_id","domain")
);
--> statement-breakpoint
CREATE TABLE "console_sso_identities" (
	"organization_id" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"person_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_sso_identities_organization_id_issuer_subject_pk" PRIMARY KEY("organization_id","issuer","subject")
);
--> statement-breakpoint
CREATE TABLE "console_sso_pending_links" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"person_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
DROP TABLE "console_sign_in_throttle" CASCADE;--> statement-breakpoint
DROP INDEX "console_audit_client_idx";--> statement-breakpoint
DROP INDEX "console_jobs_client_idx";--> statement-breakpoint
DROP INDEX "console_request_log_client_idx";--> statement-breakpoint
DELETE FROM "console_agent_authorizations";--> statement-breakpoint
ALTER TABLE "console_agent_authorizations" ADD COLUMN "organization_id" text NOT NULL;--> statement-breakpoint
DELETE FROM "console_agent_connections";--> statement-breakpoint
ALTER TABLE "console_agent_connections" DROP CONSTRAINT IF EXISTS "console_agent_connections_pkey";--> statement-breakpoint
ALTER TABLE "console_agent_connections" ADD COLUMN "organization_id" text PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "console_jobs" ADD COLUMN "organization_id" text;--> statement-breakpoint
ALTER TABLE "console_request_log" ADD COLUMN "organization_id" text;--> statement-breakpoint
ALTER TABLE "console_sessions" ADD COLUMN "sso_organization_id" text;--> statement-breakpoint
DELETE FROM "console_sso_flows";--> statement-breakpoint
ALTER TABLE "console_sso_flows" ADD COLUMN "issuer" text NOT NULL;--> statement-breakpoint
ALTER TABLE "console_vin_flows" ADD COLUMN "organization_id" text;--> statement-breakpoint
UPDATE "console_vin_flows" f SET "organization_id" = s."organization_id" FROM "console_sessions" s WHERE s."id_hash" = f."session_id_hash";--> statement-breakpoint
DELETE FROM "console_vin_flows" WHERE "organization_id" IS NULL;--> statement-breakpoint
ALTER TABLE "console_vin_flows" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "console_sign_in_attempts_account_idx" ON "console_sign_in_attempts" USING btree ("account","at");--> statement-breakpoint
CREATE INDEX "console_sign_in_attempts_source_idx" ON "console_sign_in_attempts" USING btree ("source","at");--> statement-breakpoint
CREATE UNIQUE INDEX "console_sso_domains_verified_idx" ON "console_sso_domains" USING btree ("domain") WHERE "console_sso_domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "console_sso_identities_person_idx" ON "console_sso_identities" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "console_audit_organization_idx" ON "console_audit_log" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "console_jobs_organization_idx" ON "console_jobs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "console_request_log_organization_idx" ON "console_request_log" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "console_agent_connections" DROP COLUMN "key_digest";--> statement-breakpoint
ALTER TABLE "console_identity_providers" DROP COLUMN "allowed_domain";--> statement-breakpoint
ALTER TABLE "console_sso_flows" DROP COLUMN "verifier_ciphertext";--> statement-breakpoint
UPDATE "console_audit_log" l SET "organization_id" = o."id" FROM "console_organizations" o WHERE l."organization_id" IS NULL AND o."client_id" = l."client_id" AND NOT EXISTS (SELECT 1 FROM "console_organizations" o2 WHERE o2."client_id" = o."client_id" AND o2."id" <> o."id");--> statement-breakpoint
UPDATE "console_request_log" l SET "organization_id" = o."id" FROM "console_organizations" o WHERE l."organization_id" IS NULL AND o."client_id" = l."client_id" AND NOT EXISTS (SELECT 1 FROM "console_organizations" o2 WHERE o2."client_id" = o."client_id" AND o2."id" <> o."id");--> statement-breakpoint
UPDATE "console_jobs" l SET "organization_id" = o."id" FROM "console_organizations" o WHERE l."organization_id" IS NULL AND o."client_id" = l."client_id" AND NOT EXISTS (SELECT 1 FROM "console_organizations" o2 WHERE o2."client_id" = o."client_id" AND o2."id" <> o."id");--> statement-breakpoint
DELETE FROM "console_sessions" WHERE "organization_id" IS NULL;
