CREATE TABLE "sandbox_instance_clock" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_instance_clock" ADD CONSTRAINT "sandbox_instance_clock_one_row" CHECK ("id");
--> statement-breakpoint
INSERT INTO "sandbox_instance_clock" ("id", "offset_ms") VALUES (true, 0);
--> statement-breakpoint
-- Every remembered caller carries the instance clock: moving it makes every one of them stale.
CREATE FUNCTION sandbox_instance_clock_bump_auth_stamps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE clients SET auth_stamp = auth_stamp + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sandbox_instance_clock_auth_stamps AFTER UPDATE ON sandbox_instance_clock
  FOR EACH STATEMENT EXECUTE FUNCTION sandbox_instance_clock_bump_auth_stamps();
