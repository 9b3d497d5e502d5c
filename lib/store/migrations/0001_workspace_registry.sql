CREATE TABLE "console_workspace_registry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_client_id" text NOT NULL,
	"external_reference" text NOT NULL,
	"name" text NOT NULL,
	"workspace_id" text,
	"workspace_client_id" text,
	"grant_reference" text,
	"outcome" text NOT NULL,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "console_workspace_owner_idx" ON "console_workspace_registry" USING btree ("owner_client_id","external_reference");