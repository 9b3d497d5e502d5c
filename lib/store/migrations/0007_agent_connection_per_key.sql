-- A connection belonged to a Client; it now belongs to the key that made it. The old ones cannot
-- be told apart by key, so they end: their sessions connect again.
DELETE FROM "console_agent_connections";--> statement-breakpoint
ALTER TABLE "console_agent_connections" DROP CONSTRAINT "console_agent_connections_pkey";--> statement-breakpoint
ALTER TABLE "console_agent_connections" ADD COLUMN "key_digest" text PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "console_agent_connections" ADD COLUMN "environment" text NOT NULL;
