CREATE TABLE "console_sub_user_search_chunks" (
	"master_id" text NOT NULL,
	"chunk" integer NOT NULL,
	"name_key" text NOT NULL,
	"sub_user_id" text NOT NULL,
	"common" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "console_sub_user_search_chunks_master_id_chunk_pk" PRIMARY KEY("master_id","chunk")
);
--> statement-breakpoint
DROP INDEX "console_sub_user_search_idx";--> statement-breakpoint
ALTER TABLE "console_sub_user_search" ADD COLUMN "chunk" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "console_sub_user_search" ADD COLUMN "keys" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "console_sub_user_search_keys_idx" ON "console_sub_user_search" USING gin ("keys") WITH (gin_pending_list_limit=128);--> statement-breakpoint
CREATE INDEX "console_sub_user_search_chunk_idx" ON "console_sub_user_search" USING btree ("master_id","chunk");