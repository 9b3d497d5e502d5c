CREATE TABLE "sub_user_list_versions" (
	"master_client_id" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- One sequence for every Master's version: a version never repeats, even for a Master whose row
-- went (a sandbox reset) and came back.
CREATE SEQUENCE sub_user_list_version_seq;
--> statement-breakpoint
CREATE FUNCTION bump_sub_user_lists(masters text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sub_user_list_versions (master_client_id, version)
  SELECT m, nextval('sub_user_list_version_seq')
    FROM (SELECT DISTINCT m FROM unnest(masters) AS m WHERE m IS NOT NULL) AS d
  ON CONFLICT (master_client_id) DO UPDATE SET version = EXCLUDED.version
$$;
--> statement-breakpoint
-- Sub-users created or removed: once per statement (seeding or a reset touches thousands).
CREATE FUNCTION sub_user_lists_clients_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_sub_user_lists(ARRAY(SELECT parent_id FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_list_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION sub_user_lists_clients_added();
--> statement-breakpoint
CREATE TRIGGER clients_list_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION sub_user_lists_clients_added();
--> statement-breakpoint
-- A Sub-user changed in a column the list shows. The WHEN runs without calling a function, so a
-- charge (only the balance changes) pays nothing for it.
CREATE FUNCTION sub_user_lists_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'clients' THEN
    PERFORM bump_sub_user_lists(ARRAY[OLD.parent_id, NEW.parent_id]);
  ELSE
    PERFORM bump_sub_user_lists(
      ARRAY(SELECT parent_id FROM clients WHERE id IN (OLD.client_id, NEW.client_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clients_list_update AFTER UPDATE ON clients FOR EACH ROW
  WHEN ((OLD.id, OLD.name, OLD.is_active, OLD.parent_id, OLD.default_provider_id, OLD.allowlist,
         OLD.created_at, OLD.updated_at)
        IS DISTINCT FROM
        (NEW.id, NEW.name, NEW.is_active, NEW.parent_id, NEW.default_provider_id, NEW.allowlist,
         NEW.created_at, NEW.updated_at))
  EXECUTE FUNCTION sub_user_lists_row_changed();
--> statement-breakpoint
CREATE TRIGGER api_keys_list_update AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN ((OLD.id, OLD.client_id, OLD.label, OLD.environment, OLD.is_active, OLD.created_at)
        IS DISTINCT FROM
        (NEW.id, NEW.client_id, NEW.label, NEW.environment, NEW.is_active, NEW.created_at))
  EXECUTE FUNCTION sub_user_lists_row_changed();
--> statement-breakpoint
CREATE TRIGGER rate_limits_list_update AFTER UPDATE ON rate_limits FOR EACH ROW
  EXECUTE FUNCTION sub_user_lists_row_changed();
--> statement-breakpoint
-- Keys and rate-limit rules added or removed, once per statement.
CREATE FUNCTION sub_user_lists_children_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_sub_user_lists(
    ARRAY(SELECT c.parent_id FROM clients c WHERE c.id IN (SELECT client_id FROM changed)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_keys_list_insert AFTER INSERT ON api_keys REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION sub_user_lists_children_changed();
--> statement-breakpoint
CREATE TRIGGER api_keys_list_delete AFTER DELETE ON api_keys REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION sub_user_lists_children_changed();
--> statement-breakpoint
CREATE TRIGGER rate_limits_list_insert AFTER INSERT ON rate_limits REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION sub_user_lists_children_changed();
--> statement-breakpoint
CREATE TRIGGER rate_limits_list_delete AFTER DELETE ON rate_limits REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION sub_user_lists_children_changed();
