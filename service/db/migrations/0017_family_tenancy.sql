ALTER TABLE "sandbox_seed_snapshots" ADD COLUMN "resets" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsorship_grants" ADD COLUMN "cross_family" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_events" ADD COLUMN "grant_period" text;--> statement-breakpoint
ALTER TABLE "redirect_sessions" ADD COLUMN "environment" text;--> statement-breakpoint
-- A grant is between two families when the beneficiary's Master is not the sponsor's. Families
-- never change (a Sub-user keeps its Master), so the flag follows from the two Clients whenever a
-- grant is written, restored by a sandbox reset included.
CREATE FUNCTION sponsorship_grants_keep_cross_family() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.cross_family := (
    SELECT coalesce(b.parent_id, b.id) IS DISTINCT FROM coalesce(s.parent_id, s.id)
      FROM clients s, clients b
     WHERE s.id = NEW.sponsor_client_id AND b.id = NEW.beneficiary_client_id);
  NEW.cross_family := coalesce(NEW.cross_family, true);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER sponsorship_grants_cross_family BEFORE INSERT OR UPDATE OF sponsor_client_id,
  beneficiary_client_id, cross_family ON sponsorship_grants
  FOR EACH ROW EXECUTE FUNCTION sponsorship_grants_keep_cross_family();
--> statement-breakpoint
-- The grants already written: the trigger sets each one's flag.
UPDATE sponsorship_grants SET cross_family = false;
--> statement-breakpoint
-- A grant's month total counts its calls in the grant's own month (`grant_period`), which for a
-- grant between two families follows the instance's clock rather than the caller's.
CREATE OR REPLACE FUNCTION usage_events_keep_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'charged' THEN
    IF OLD.source = 'plan' AND OLD.plan_id IS NOT NULL THEN
      UPDATE plan_period_usage SET used = used - 1
       WHERE client_id = OLD.client_id AND plan_id = OLD.plan_id AND period = OLD.period;
    END IF;
    IF OLD.grant_id IS NOT NULL THEN
      UPDATE grant_period_coverage
         SET calls = calls - 1, amount_minor = amount_minor - OLD.amount_minor
       WHERE grant_id = OLD.grant_id AND period = coalesce(OLD.grant_period, OLD.period);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'charged' THEN
    IF NEW.source = 'plan' AND NEW.plan_id IS NOT NULL THEN
      INSERT INTO plan_period_usage AS t (client_id, plan_id, period, used)
        VALUES (NEW.client_id, NEW.plan_id, NEW.period, 1)
        ON CONFLICT (client_id, plan_id, period) DO UPDATE SET used = t.used + 1;
    END IF;
    IF NEW.grant_id IS NOT NULL THEN
      INSERT INTO grant_period_coverage AS t (grant_id, period, calls, amount_minor)
        VALUES (NEW.grant_id, coalesce(NEW.grant_period, NEW.period), 1, NEW.amount_minor)
        ON CONFLICT (grant_id, period)
        DO UPDATE SET calls = t.calls + 1, amount_minor = t.amount_minor + EXCLUDED.amount_minor;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER usage_events_totals_update ON usage_events;
--> statement-breakpoint
CREATE TRIGGER usage_events_totals_update AFTER UPDATE ON usage_events FOR EACH ROW
  WHEN ((OLD.status, OLD.source, OLD.client_id, OLD.plan_id, OLD.grant_id, OLD.period,
         OLD.grant_period, OLD.amount_minor)
        IS DISTINCT FROM
        (NEW.status, NEW.source, NEW.client_id, NEW.plan_id, NEW.grant_id, NEW.period,
         NEW.grant_period, NEW.amount_minor))
  EXECUTE FUNCTION usage_events_keep_totals();
--> statement-breakpoint
DROP FUNCTION charge_call(text, text, text, text, text, integer, text, timestamptz, text, text,
  boolean, boolean);
--> statement-breakpoint
-- charge_call (migrations 0012, 0014) with the instance's time beside the caller's: a grant
-- between two families is dated and capped by the instance's clock (`p_instance_now`), so neither
-- family's sandbox clock moves what the other pays or is covered for.
CREATE FUNCTION charge_call(
  p_client text, p_key text, p_endpoint text, p_operation text, p_period text, p_price integer,
  p_vin text, p_now timestamptz, p_request text, p_instance text, p_pending boolean,
  p_sandbox boolean, p_instance_now timestamptz)
RETURNS TABLE (event_id bigint, source text, amount_minor integer, payer_client_id text,
  grant_id text, grant_reference text, plan_id text, plan_name text, plan_endpoint text,
  plan_included integer, plan_used integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_source text;
  v_amount integer := 0;
  v_payer text := p_client;
  v_grant_id text;
  v_grant_reference text;
  v_grant_period text;
  v_event_plan text;
  v_plan_id text;
  v_plan_name text;
  v_plan_endpoint text;
  v_plan_included integer;
  v_plan_used integer;
  v_grant record;
  v_mode text;
  v_event bigint;
  v_instance_period text := to_char(p_instance_now AT TIME ZONE 'UTC', 'YYYY-MM');
BEGIN
  <<decide>>
  BEGIN
    IF p_sandbox THEN
      v_source := 'sandbox';
      EXIT decide;
    END IF;
    SELECT p.id, p.name, p.endpoint_key, p.included_monthly_quantity
      INTO v_plan_id, v_plan_name, v_plan_endpoint, v_plan_included
      FROM client_plans cp JOIN plans p ON p.id = cp.plan_id
     WHERE cp.client_id = p_client AND cp.endpoint_key = p_endpoint;
    IF v_plan_id IS NOT NULL THEN
      SELECT coalesce((SELECT t.used FROM plan_period_usage t
                        WHERE t.client_id = p_client AND t.plan_id = v_plan_id
                          AND t.period = p_period), 0)
        INTO v_plan_used;
    END IF;
    IF p_vin IS NOT NULL AND EXISTS (
         SELECT 1 FROM usage_events u WHERE u.client_id = p_client AND u.vin = p_vin
            AND u.period = p_period AND u.status = 'charged' AND u.source IN ('plan', 'balance')) THEN
      v_source := 'bundle';
      EXIT decide;
    END IF;
    FOREACH v_mode IN ARRAY ARRAY['partner', 'plan', 'balance', 'own'] LOOP
      IF v_mode = 'plan' THEN
        IF v_plan_id IS NOT NULL AND v_plan_used < v_plan_included THEN
          v_source := 'plan';
          v_event_plan := v_plan_id;
          EXIT decide;
        END IF;
      ELSIF v_mode = 'balance' THEN
        UPDATE clients SET balance_minor = balance_minor - p_price
         WHERE id = p_client AND is_active AND (billing_mode = 'invoice' OR balance_minor >= p_price);
        IF FOUND THEN
          v_source := 'balance';
          v_amount := p_price;
          EXIT decide;
        END IF;
      ELSE
        FOR v_grant IN
          SELECT g.id, g.reference, g.sponsor_client_id, g.monthly_cap_minor, w.period,
                 coalesce((SELECT t.amount_minor FROM grant_period_coverage t
                            WHERE t.grant_id = g.id AND t.period = w.period), 0) AS covered
            FROM sponsorship_grants g JOIN clients s ON s.id = g.sponsor_client_id
           CROSS JOIN LATERAL (SELECT CASE WHEN g.cross_family THEN p_instance_now ELSE p_now END AS at,
                                      CASE WHEN g.cross_family THEN v_instance_period ELSE p_period END AS period) w
           WHERE g.beneficiary_client_id = p_client AND g.active AND s.is_active
             AND g.billing_mode = v_mode AND p_endpoint = ANY (g.endpoint_keys)
             AND (g.starts_at IS NULL OR g.starts_at <= w.at)
             AND (g.ends_at IS NULL OR g.ends_at > w.at)
           ORDER BY g.created_at
        LOOP
          CONTINUE WHEN v_grant.monthly_cap_minor IS NOT NULL
                    AND v_grant.covered + p_price > v_grant.monthly_cap_minor;
          UPDATE clients SET balance_minor = balance_minor - p_price
           WHERE id = v_grant.sponsor_client_id AND is_active
             AND (billing_mode = 'invoice' OR balance_minor >= p_price);
          IF FOUND THEN
            v_source := 'balance';
            v_amount := p_price;
            v_payer := v_grant.sponsor_client_id;
            v_grant_id := v_grant.id;
            v_grant_reference := v_grant.reference;
            v_grant_period := nullif(v_grant.period, p_period);
            EXIT decide;
          END IF;
        END LOOP;
      END IF;
    END LOOP;
    RETURN;
  END decide;
  INSERT INTO usage_events (client_id, api_key_id, endpoint_key, operation_id, period, source,
      amount_minor, payer_client_id, grant_id, grant_period, plan_id, vin, created_at, request_id,
      instance_id, pending_delivery)
    VALUES (p_client, p_key, p_endpoint, p_operation, p_period, v_source, v_amount, v_payer,
      v_grant_id, v_grant_period, v_event_plan, p_vin, p_now, p_request, p_instance, p_pending)
    RETURNING id INTO v_event;
  RETURN QUERY SELECT v_event, v_source, v_amount, v_payer, v_grant_id, v_grant_reference,
    v_plan_id, v_plan_name, v_plan_endpoint, v_plan_included, v_plan_used;
END $$;
