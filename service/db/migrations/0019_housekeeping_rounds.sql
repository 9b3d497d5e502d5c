CREATE TABLE "housekeeping_rounds" (
	"slot" bigint PRIMARY KEY NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
