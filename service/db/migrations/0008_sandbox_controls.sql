CREATE TABLE "sandbox_fault_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"master_client_id" text NOT NULL,
	"operation_id" text NOT NULL,
	"endpoint_key" text,
	"effect" jsonb NOT NULL,
	"remaining" integer,
	"probability" double precision,
	"fired_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_journal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"master_client_id" text NOT NULL,
	"client_id" text NOT NULL,
	"request_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"operation_id" text NOT NULL,
	"status" integer,
	"delivered" boolean DEFAULT true NOT NULL,
	"error_code" text,
	"billing_source" text,
	"charged_minor" integer,
	"idempotency_key" text,
	"duration_ms" double precision NOT NULL,
	"fault_rule_id" text
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "sandbox_clock_offset_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_fault_rules" ADD CONSTRAINT "sandbox_fault_rules_master_client_id_clients_id_fk" FOREIGN KEY ("master_client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_fault_rules_master_idx" ON "sandbox_fault_rules" USING btree ("master_client_id");--> statement-breakpoint
CREATE INDEX "sandbox_journal_master_idx" ON "sandbox_journal" USING btree ("master_client_id","id");
--> statement-breakpoint
-- A Master's fault rules are part of its family's callers (as rate-limit rules are of a Client's):
-- any change to them, a firing included, moves the Master's stamp.
CREATE FUNCTION sandbox_fault_rules_bump_auth_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE clients SET auth_stamp = auth_stamp + 1 WHERE id = OLD.master_client_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.master_client_id <> OLD.master_client_id) THEN
    UPDATE clients SET auth_stamp = auth_stamp + 1 WHERE id = NEW.master_client_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sandbox_fault_rules_auth_stamp AFTER INSERT OR UPDATE OR DELETE ON sandbox_fault_rules
  FOR EACH ROW EXECUTE FUNCTION sandbox_fault_rules_bump_auth_stamp();
--> statement-breakpoint
-- The journal is a debugging aid, not a record: it skips the write-ahead log (a crash of
-- PostgreSQL itself empties it), so recording every call costs little.
ALTER TABLE "sandbox_journal" SET UNLOGGED;
