CREATE TABLE "console_cache_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_scheduled_rounds" (
	"job" text NOT NULL,
	"slot" bigint NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_scheduled_rounds_job_slot_pk" PRIMARY KEY("job","slot")
);
