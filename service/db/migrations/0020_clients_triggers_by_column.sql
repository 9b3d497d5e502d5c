-- Every charge updates a Client's balance, and each such update ran two row triggers of the
-- clients table that can never act on it: the auth stamp's (migrations 0007, 0012: any change but
-- the balance, updated_at and the stamp itself) ran its plpgsql function to find nothing changed,
-- and the Sub-user lists' (migration 0011) evaluated its comparison. Each now names the columns it
-- watches, so an update that sets only the balance fires neither. A column added to clients must
-- be added to the stamp's list (service/db/clients-triggers.test.ts holds the list to the table).
DROP TRIGGER clients_auth_stamp ON clients;
--> statement-breakpoint
CREATE TRIGGER clients_auth_stamp
  BEFORE UPDATE OF id, name, parent_id, is_active, default_provider_id, allowlist, billing_mode,
    currency, created_at, deactivated_at, intelligence_pilot, agent_access,
    sandbox_clock_offset_ms
  ON clients FOR EACH ROW EXECUTE FUNCTION clients_bump_auth_stamp();
--> statement-breakpoint
DROP TRIGGER clients_list_update ON clients;
--> statement-breakpoint
CREATE TRIGGER clients_list_update
  AFTER UPDATE OF id, name, is_active, parent_id, default_provider_id, allowlist, created_at,
    updated_at
  ON clients FOR EACH ROW
  WHEN ((OLD.id, OLD.name, OLD.is_active, OLD.parent_id, OLD.default_provider_id, OLD.allowlist,
         OLD.created_at, OLD.updated_at)
        IS DISTINCT FROM
        (NEW.id, NEW.name, NEW.is_active, NEW.parent_id, NEW.default_provider_id, NEW.allowlist,
         NEW.created_at, NEW.updated_at))
  EXECUTE FUNCTION sub_user_lists_row_changed();
