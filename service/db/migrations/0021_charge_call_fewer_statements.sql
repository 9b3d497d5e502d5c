-- charge_call (migrations 0012, 0014, 0017) deciding the same things in fewer statements, each of
-- which plpgsql runs through the executor: the plan, its month so far and whether the Client
-- has any active grant are read in one statement; the grant modes are not queried for a Client
-- that has none; the answer is returned as a row, not by a query. Its decisions, order and
-- answers are unchanged (service/pipeline/billing.test.ts and the grants tests hold them).
CREATE OR REPLACE FUNCTION charge_call(
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
  v_has_grants boolean;
BEGIN
  <<decide>>
  BEGIN
    IF p_sandbox THEN
      v_source := 'sandbox';
      EXIT decide;
    END IF;
    -- One statement: the plan and its month so far, and whether any grant could cover the call.
    SELECT p.id, p.name, p.endpoint_key, p.included_monthly_quantity,
           CASE WHEN p.id IS NOT NULL THEN coalesce(t.used, 0) END,
           EXISTS (SELECT 1 FROM sponsorship_grants g
                    WHERE g.beneficiary_client_id = p_client AND g.active)
      INTO v_plan_id, v_plan_name, v_plan_endpoint, v_plan_included, v_plan_used, v_has_grants
      FROM (SELECT 1) AS one
      LEFT JOIN (client_plans cp JOIN plans p ON p.id = cp.plan_id)
        ON cp.client_id = p_client AND cp.endpoint_key = p_endpoint
      LEFT JOIN plan_period_usage t
        ON t.client_id = p_client AND t.plan_id = p.id AND t.period = p_period;
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
      ELSIF v_has_grants THEN
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
  event_id := v_event; source := v_source; amount_minor := v_amount;
  payer_client_id := v_payer; grant_id := v_grant_id; grant_reference := v_grant_reference;
  plan_id := v_plan_id; plan_name := v_plan_name; plan_endpoint := v_plan_endpoint;
  plan_included := v_plan_included; plan_used := v_plan_used;
  RETURN NEXT;
END $$;
