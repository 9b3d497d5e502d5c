CREATE TABLE "console_sub_user_lists" (
	"master_id" text PRIMARY KEY NOT NULL,
	"refresh" bigint DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone,
	"etag" text,
	"leased_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "console_sub_users" (
	"master_id" text NOT NULL,
	"sub_user_id" text NOT NULL,
	"name" text,
	"name_key" text NOT NULL,
	"haystack" text NOT NULL,
	"is_active" boolean,
	"created_at" timestamp with time zone,
	"key_count" integer,
	"entry" jsonb NOT NULL,
	"usage_flag" text,
	"usage_read_at" timestamp with time zone,
	"seen_in" bigint NOT NULL,
	"written_at" timestamp with time zone,
	CONSTRAINT "console_sub_users_master_id_sub_user_id_pk" PRIMARY KEY("master_id","sub_user_id")
);
--> statement-breakpoint
CREATE INDEX "console_sub_users_name_idx" ON "console_sub_users" USING btree ("master_id","name_key" collate "C","sub_user_id" collate "C");--> statement-breakpoint
CREATE INDEX "console_sub_users_created_idx" ON "console_sub_users" USING btree ("master_id","created_at","sub_user_id" collate "C");--> statement-breakpoint
CREATE INDEX "console_sub_users_id_idx" ON "console_sub_users" USING btree ("sub_user_id");