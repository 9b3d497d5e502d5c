CREATE TABLE "sign_in_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"surface" text NOT NULL,
	"login_digest" text NOT NULL,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "registered_from" text;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oauth_codes" ADD COLUMN "resource" text;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD COLUMN "resource" text;--> statement-breakpoint
ALTER TABLE "oauth_tokens" ADD COLUMN "family_id" text;--> statement-breakpoint
CREATE INDEX "sign_in_attempts_login_idx" ON "sign_in_attempts" USING btree ("login_digest","at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_source_idx" ON "sign_in_attempts" USING btree ("source","at");--> statement-breakpoint
CREATE INDEX "oauth_clients_registered_from_idx" ON "oauth_clients" USING btree ("registered_from","created_at");--> statement-breakpoint
CREATE INDEX "oauth_tokens_family_idx" ON "oauth_tokens" USING btree ("family_id");