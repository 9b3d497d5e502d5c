-- Who pays for one billable call, decided and recorded in one statement (one round trip from the
-- service): sandbox; the monthly VIN bundle; a grant switched to the sponsor's terms (within its
-- cap); the Client's plan quota; its credit balance; then grants in `own` mode. Each debit is a
-- conditional update (a balance never goes below zero, invoiced payers excepted). Returns the
-- recorded event and the plan's figures (for the usage warning), or no row when nothing covers
-- the call. The caller holds the Client's lock, so the quota and cap reads stay true until the
-- write.
CREATE FUNCTION charge_call(
  p_client text, p_key text, p_endpoint text, p_operation text, p_period text, p_price integer,
  p_vin text, p_now timestamptz, p_request text, p_instance text, p_pending boolean,
  p_sandbox boolean)
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
  v_event_plan text;
  v_plan_id text;
  v_plan_name text;
  v_plan_endpoint text;
  v_plan_included integer;
  v_plan_used integer;
  v_grant record;
  v_mode text;
  v_event bigint;
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
      SELECT count(*) INTO v_plan_used FROM usage_events u
       WHERE u.client_id = p_client AND u.plan_id = v_plan_id AND u.period = p_period
         AND u.source = 'plan' AND u.status = 'charged';
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
          SELECT g.id, g.reference, g.sponsor_client_id, g.monthly_cap_minor,
                 (SELECT coalesce(sum(u.amount_minor), 0) FROM usage_events u
                   WHERE u.grant_id = g.id AND u.period = p_period AND u.status = 'charged') AS covered
            FROM sponsorship_grants g JOIN clients s ON s.id = g.sponsor_client_id
           WHERE g.beneficiary_client_id = p_client AND g.active AND s.is_active
             AND g.billing_mode = v_mode AND p_endpoint = ANY (g.endpoint_keys)
             AND (g.starts_at IS NULL OR g.starts_at <= p_now)
             AND (g.ends_at IS NULL OR g.ends_at > p_now)
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
            EXIT decide;
          END IF;
        END LOOP;
      END IF;
    END LOOP;
    RETURN;
  END decide;
  INSERT INTO usage_events (client_id, api_key_id, endpoint_key, operation_id, period, source,
      amount_minor, payer_client_id, grant_id, plan_id, vin, created_at, request_id, instance_id,
      pending_delivery)
    VALUES (p_client, p_key, p_endpoint, p_operation, p_period, v_source, v_amount, v_payer,
      v_grant_id, v_event_plan, p_vin, p_now, p_request, p_instance, p_pending)
    RETURNING id INTO v_event;
  RETURN QUERY SELECT v_event, v_source, v_amount, v_payer, v_grant_id, v_grant_reference,
    v_plan_id, v_plan_name, v_plan_endpoint, v_plan_included, v_plan_used;
END $$;
--> statement-breakpoint
-- A plan's quota is counted on every charge of its Client: counted from its own plan events
-- (bounded by the included quantity), not from all of the Client's events of the month.
CREATE INDEX usage_plan_period_idx ON usage_events (client_id, plan_id, period)
  WHERE source = 'plan' AND status = 'charged';
--> statement-breakpoint
-- The same rule as migration 0007 (any change but the balance and updated_at moves the stamp),
-- compared as records instead of two JSON documents of the whole row: every charge updates a
-- balance, and this ran for each.
CREATE OR REPLACE FUNCTION clients_bump_auth_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  probe clients;
BEGIN
  probe := NEW;
  probe.balance_minor := OLD.balance_minor;
  probe.updated_at := OLD.updated_at;
  probe.auth_stamp := OLD.auth_stamp;
  IF probe IS DISTINCT FROM OLD THEN
    NEW.auth_stamp := OLD.auth_stamp + 1;
  END IF;
  RETURN NEW;
END $$;
