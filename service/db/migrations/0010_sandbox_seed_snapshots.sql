CREATE TABLE "sandbox_seed_snapshots" (
	"master_client_id" text PRIMARY KEY NOT NULL,
	"tables" jsonb NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
