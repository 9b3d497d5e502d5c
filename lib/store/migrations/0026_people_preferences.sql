ALTER TABLE "console_people" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "console_people" ADD COLUMN "formats" text;--> statement-breakpoint
ALTER TABLE "console_people" ADD COLUMN "time_zone" text;