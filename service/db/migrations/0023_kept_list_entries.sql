CREATE TABLE "sub_user_list_entries" (
	"master_client_id" text NOT NULL,
	"client_id" text NOT NULL,
	"created_us" bigint NOT NULL,
	"entry" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "sub_user_list_entries_master_client_id_client_id_pk" PRIMARY KEY("master_client_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "sub_user_list_entries_at" (
	"master_client_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sub_user_list_entries_order_idx" ON "sub_user_list_entries" USING btree ("master_client_id","created_us","client_id" collate "C");