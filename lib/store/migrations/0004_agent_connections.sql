CREATE TABLE "console_agent_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"session_id_hash" text NOT NULL,
	"client_id" text NOT NULL,
	"oauth_client_id" text NOT NULL,
	"verifier_ciphertext" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_agent_connections" (
	"client_id" text PRIMARY KEY NOT NULL,
	"oauth_client_id" text NOT NULL,
	"access_ciphertext" text NOT NULL,
	"refresh_ciphertext" text,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_agent_registrations" (
	"redirect_uri" text PRIMARY KEY NOT NULL,
	"oauth_client_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
