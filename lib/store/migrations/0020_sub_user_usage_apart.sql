CREATE TABLE "console_sub_user_usage" (
	"master_id" text NOT NULL,
	"sub_user_id" text NOT NULL,
	"flag" text,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "console_sub_user_usage_master_id_sub_user_id_pk" PRIMARY KEY("master_id","sub_user_id")
);
--> statement-breakpoint
DROP INDEX "console_sub_users_flagged_idx";--> statement-breakpoint
ALTER TABLE "console_sub_user_usage" ADD CONSTRAINT "console_sub_user_usage_sub_user_fk" FOREIGN KEY ("master_id","sub_user_id") REFERENCES "public"."console_sub_users"("master_id","sub_user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_sub_user_usage_flagged_idx" ON "console_sub_user_usage" USING btree ("master_id") WHERE "console_sub_user_usage"."flag" is not null;--> statement-breakpoint
-- The readings already noted move with their rows.
INSERT INTO "console_sub_user_usage" ("master_id", "sub_user_id", "flag", "read_at")
SELECT "master_id", "sub_user_id", "usage_flag", "usage_read_at" FROM "console_sub_users" WHERE "usage_read_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "console_sub_users" DROP COLUMN "usage_flag";--> statement-breakpoint
ALTER TABLE "console_sub_users" DROP COLUMN "usage_read_at";