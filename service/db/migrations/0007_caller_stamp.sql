ALTER TABLE "clients" ADD COLUMN "auth_stamp" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Any change to a Client except its balance (a charge) and updated_at moves its stamp: a caller
-- remembered by a service instance is checked against it on every call.
CREATE FUNCTION clients_bump_auth_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'balance_minor' - 'updated_at' - 'auth_stamp')
     IS DISTINCT FROM (to_jsonb(OLD) - 'balance_minor' - 'updated_at' - 'auth_stamp') THEN
    NEW.auth_stamp := OLD.auth_stamp + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_auth_stamp BEFORE UPDATE ON clients
  FOR EACH ROW EXECUTE FUNCTION clients_bump_auth_stamp();
--> statement-breakpoint
-- A Client's rate-limit rules are part of its callers: any change to them moves its stamp too.
CREATE FUNCTION rate_limits_bump_auth_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE clients SET auth_stamp = auth_stamp + 1 WHERE id = OLD.client_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.client_id <> OLD.client_id) THEN
    UPDATE clients SET auth_stamp = auth_stamp + 1 WHERE id = NEW.client_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER rate_limits_auth_stamp AFTER INSERT OR UPDATE OR DELETE ON rate_limits
  FOR EACH ROW EXECUTE FUNCTION rate_limits_bump_auth_stamp();
