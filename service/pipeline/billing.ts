import {
  type EndpointKey,
  VIN_BUNDLE_ENDPOINT_KEYS,
  VIN_MONTHLY_LOOKUP,
} from "@/lib/api/contract/common";
import { type BillingSource } from "@/lib/api/contract/headers";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { type Db, schema } from "../db/database";
import { prepared } from "../db/prepared";
import { periodOf } from "../domain/period";
import { unitPriceMinor } from "../domain/price-list";
import { ApiError } from "./api-error";
import { type Call, type Stage } from "./call";
import { type Caller } from "./authenticate";

export interface Charge {
  eventId: number;
  source: Exclude<BillingSource, "idempotent_replay">;
  amountMinor: number;
  payerClientId: string;
  grantReference?: string;
  bundle?: string;
  usageWarnings: string[];
  /** What the usage event recorded, so a refunded call can be recorded alike. */
  recorded: { grantId: string | null; planId: string | null; vin: string | null };
}

export interface ChargeRequest {
  caller: Caller;
  endpointKey: EndpointKey;
  operationId: string;
  /** Full VIN of a bundle call (vehicle, parts, cart check), if any. */
  vin?: string;
  /** `X-Request-Id` of the call, kept with its usage event. */
  requestId: string;
  /** The service instance answering the call. */
  instanceId: string;
  /** The answer is the caller's only way to the outcome: the charge stands once it is handed over. */
  pendingDelivery: boolean;
  now: Date;
}

/** Human text from 90 percent of the included quantity; a quantity of 0 is "no included quota", never a warning. */
export function usageWarningFor(
  plan: { name: string; endpointKey: string; includedMonthlyQuantity: number },
  used: number,
): string | undefined {
  const included = plan.includedMonthlyQuantity;
  if (included <= 0) return undefined;
  if (used >= included) {
    return `Plan "${plan.name}" for ${plan.endpointKey}: the ${included} included requests of this month are used up; further requests are charged to the credit balance.`;
  }
  if (used / included >= 0.9) {
    return `Plan "${plan.name}" for ${plan.endpointKey}: ${used} of ${included} included requests used this month (${Math.floor((used / included) * 100)} percent).`;
  }
  return undefined;
}

interface BillingSnapshot {
  plan: {
    id: string;
    name: string;
    endpointKey: string;
    includedMonthlyQuantity: number;
    used: number;
  } | null;
  bundled: boolean;
  grants: {
    id: string;
    reference: string;
    sponsorClientId: string;
    billingMode: string;
    monthlyCapMinor: number | null;
    covered: number;
  }[];
}

const SNAPSHOT_SQL = (withVin: boolean) => `
  select
    (select json_build_object('id', p.id, 'name', p.name, 'endpointKey', p.endpoint_key,
            'includedMonthlyQuantity', p.included_monthly_quantity,
            'used', (select count(*) from usage_events u where u.client_id = $1 and u.plan_id = p.id
                      and u.period = $3 and u.source = 'plan' and u.status = 'charged'))
       from client_plans cp join plans p on p.id = cp.plan_id
      where cp.client_id = $1 and cp.endpoint_key = $2) as plan,
    ${
      withVin
        ? `exists(select 1 from usage_events u where u.client_id = $1 and u.vin = $5 and u.period = $3
             and u.status = 'charged' and u.source in ('plan', 'balance'))`
        : "false"
    } as bundled,
    coalesce((select json_agg(json_build_object('id', g.id, 'reference', g.reference, 'sponsorClientId', g.sponsor_client_id,
                'billingMode', g.billing_mode, 'monthlyCapMinor', g.monthly_cap_minor,
                'covered', (select coalesce(sum(u.amount_minor), 0) from usage_events u
                             where u.grant_id = g.id and u.period = $3 and u.status = 'charged'))
                order by g.created_at)
               from sponsorship_grants g join clients s on s.id = g.sponsor_client_id
              where g.beneficiary_client_id = $1 and g.active and s.is_active and $2 = any(g.endpoint_keys)
                and (g.starts_at is null or g.starts_at <= $4) and (g.ends_at is null or g.ends_at > $4)), '[]'::json) as grants`;
const snapshotWithVin = prepared<BillingSnapshot>("billing_snapshot_vin", SNAPSHOT_SQL(true));
const snapshotPlain = prepared<BillingSnapshot>("billing_snapshot", SNAPSHOT_SQL(false));

const EVENT_COLUMNS =
  "(client_id, api_key_id, endpoint_key, operation_id, period, source, amount_minor, payer_client_id, grant_id, plan_id, vin, created_at, request_id, instance_id, pending_delivery)";
const EVENT_VALUES = "$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15";
const insertEvent = prepared<{ id: number }>(
  "usage_event_insert",
  `insert into usage_events ${EVENT_COLUMNS} values (${EVENT_VALUES}) returning id`,
);
/** Debits the payer when its balance covers the amount (or it is invoiced) and records the event, or does neither. */
const debitAndInsertEvent = prepared<{ id: number }>(
  "usage_event_debit_insert",
  `with debit as (
     update clients set balance_minor = balance_minor - $7
      where id = $16 and is_active and (billing_mode = 'invoice' or balance_minor >= $7)
     returning id)
   insert into usage_events ${EVENT_COLUMNS} select ${EVENT_VALUES} from debit returning id`,
);
const insertRefundedEvent = prepared(
  "usage_event_insert_refunded",
  `insert into usage_events ${EVENT_COLUMNS.replace(")", ", status)")} values (${EVENT_VALUES}, 'refunded')`,
);

/**
 * Decides who pays for one billable call and records it, in this order: sandbox; the monthly
 * VIN bundle; a grant the beneficiary switched to the sponsor's terms (within its cap); the
 * Client's plan quota; its credit balance; then grants in `own` mode, where the sponsor covers
 * what the beneficiary's plan and credit do not. Nothing left gives `402 insufficient_credit`.
 *
 * One read and one write: the Client's lock serialises its calls, so the quota and cap read
 * stay true until the write, and each debit is a conditional update in the same statement as
 * its usage event, so a balance never goes below zero.
 */
export async function chargeCall(conn: pg.ClientBase, req: ChargeRequest): Promise<Charge> {
  const { caller, endpointKey, now } = req;
  const clientId = caller.client.id;
  const period = periodOf(now);
  const price = unitPriceMinor(endpointKey);
  const vin =
    req.vin !== undefined && VIN_BUNDLE_ENDPOINT_KEYS.includes(endpointKey) ? req.vin : undefined;
  /** Inserts the usage event, after debiting `debitFrom` when given; undefined when the debit is refused. */
  const record = async (
    c: Omit<Charge, "eventId" | "usageWarnings" | "recorded">,
    extra: { planId?: string; grantId?: string; debitFrom?: string } = {},
  ): Promise<{ eventId: number; recorded: Charge["recorded"] } | undefined> => {
    const values = [
      clientId,
      caller.key.id,
      endpointKey,
      req.operationId,
      period,
      c.source,
      c.amountMinor,
      c.payerClientId,
      extra.grantId ?? null,
      extra.planId ?? null,
      vin ?? null,
      now.toISOString(),
      req.requestId,
      req.instanceId,
      req.pendingDelivery,
    ];
    const rows = extra.debitFrom
      ? await debitAndInsertEvent(conn, [...values, extra.debitFrom])
      : await insertEvent(conn, values);
    const eventId = rows[0]?.id;
    if (eventId === undefined) return undefined;
    return {
      eventId,
      recorded: { grantId: extra.grantId ?? null, planId: extra.planId ?? null, vin: vin ?? null },
    };
  };

  if (caller.environment === "sandbox") {
    const recorded = await record({ source: "sandbox", amountMinor: 0, payerClientId: clientId });
    return {
      ...recorded!,
      source: "sandbox",
      amountMinor: 0,
      payerClientId: clientId,
      usageWarnings: [],
    };
  }

  const [snapshot] = vin
    ? await snapshotWithVin(conn, [clientId, endpointKey, period, now.toISOString(), vin])
    : await snapshotPlain(conn, [clientId, endpointKey, period, now.toISOString()]);
  if (!snapshot) throw new Error("billing snapshot returned no row");
  const plan = snapshot.plan;
  const bundle = vin ? VIN_MONTHLY_LOOKUP : undefined;
  const settle = async (
    c: Omit<Charge, "eventId" | "usageWarnings" | "recorded">,
    extra: Parameters<typeof record>[1] = {},
  ): Promise<Charge | undefined> => {
    const recorded = await record(c, extra);
    if (recorded === undefined) return undefined;
    const warning = plan
      ? usageWarningFor(plan, plan.used + (c.source === "plan" ? 1 : 0))
      : undefined;
    return { ...c, ...recorded, usageWarnings: warning ? [warning] : [] };
  };
  const viaGrant = async (mode: "own" | "partner") => {
    for (const grant of snapshot.grants.filter((x) => x.billingMode === mode)) {
      if (grant.monthlyCapMinor !== null && grant.covered + price > grant.monthlyCapMinor) continue;
      const charged = await settle(
        {
          source: "balance",
          amountMinor: price,
          payerClientId: grant.sponsorClientId,
          grantReference: grant.reference,
          bundle,
        },
        { grantId: grant.id, debitFrom: grant.sponsorClientId },
      );
      if (charged) return charged;
    }
    return undefined;
  };

  if (snapshot.bundled)
    return (await settle({ source: "bundle", amountMinor: 0, payerClientId: clientId, bundle }))!;
  const partner = await viaGrant("partner");
  if (partner) return partner;
  if (plan && plan.used < plan.includedMonthlyQuantity) {
    return (await settle(
      { source: "plan", amountMinor: 0, payerClientId: clientId, bundle },
      { planId: plan.id },
    ))!;
  }
  const own = await settle(
    { source: "balance", amountMinor: price, payerClientId: clientId, bundle },
    { debitFrom: clientId },
  );
  if (own) return own;
  const sponsored = await viaGrant("own");
  if (sponsored) return sponsored;

  throw new ApiError(
    "insufficient_credit",
    `No plan quota, credit balance or sponsorship covers ${endpointKey}; the call costs ${price} cents.`,
  );
}

/**
 * The automatic refund of a pre-charged call that ended with HTTP status 400 or above. The
 * charge was rolled back with the call's work, so nothing was debited; the call is recorded as
 * refunded, once, so usage still shows it.
 */
export async function recordRefundedCall(
  conn: pg.ClientBase,
  req: ChargeRequest,
  charge: Charge,
): Promise<void> {
  await insertRefundedEvent(conn, [
    req.caller.client.id,
    req.caller.key.id,
    req.endpointKey,
    req.operationId,
    periodOf(req.now),
    charge.source,
    charge.amountMinor,
    charge.payerClientId,
    charge.recorded.grantId,
    charge.recorded.planId,
    charge.recorded.vin,
    req.now.toISOString(),
    req.requestId,
    req.instanceId,
    false,
  ]);
}

/**
 * Refunds a recorded charge, once: marks its usage event refunded and gives the amount back to
 * whoever paid. A failed job and an answer that could not be handed over end this way.
 */
export async function refundCharge(db: Db, eventId: number): Promise<boolean> {
  const result = await db.execute(sql`
    with refunded as (
      update ${schema.usageEvents} set status = 'refunded', pending_delivery = false
       where id = ${eventId} and status = 'charged'
      returning payer_client_id, amount_minor),
    credited as (
      update ${schema.clients} set balance_minor = balance_minor + refunded.amount_minor
        from refunded where ${schema.clients.id} = refunded.payer_client_id and refunded.amount_minor > 0)
    select count(*)::int as n from refunded`);
  return (result.rows[0] as { n: number } | undefined)?.n === 1;
}

/** Headers that describe the settlement of a call. */
export function chargeHeaders(charge: Charge): Record<string, string> {
  const headers: Record<string, string> = { "X-Service-Billing-Source": charge.source };
  if (charge.usageWarnings.length)
    headers["X-Service-Usage-Warning"] = charge.usageWarnings.join(" | ");
  if (charge.bundle) headers["X-Service-Billing-Bundle"] = charge.bundle;
  if (charge.grantReference) headers["X-Service-Sponsorship-Grant"] = charge.grantReference;
  return headers;
}

/** Everything billing needs to know about a call. */
export function chargeRequestOf(call: Call): ChargeRequest {
  return {
    caller: call.who,
    endpointKey: call.op.endpointKey,
    operationId: call.operationId,
    vin: vinOf(call.input!.raw),
    requestId: call.requestId,
    instanceId: call.service.delivery.instanceId,
    // Without a key the answer is the only way to the outcome (see delivery.ts).
    pendingDelivery: !!call.http.env?.outgoing && call.idempotencyKey === undefined,
    now: call.now,
  };
}

/** Stage 8: who pays for a billable call, recorded in the call's transaction. */
export const chargeStage: Stage = async (call) => {
  if (!call.op.billable) return;
  call.charge = await chargeCall(await call.connection(), chargeRequestOf(call));
  Object.assign(call.headers, chargeHeaders(call.charge));
};

/** The full VIN a bundle-eligible call is about, from its path or body. */
function vinOf(raw: { params: unknown; body: unknown }): string | undefined {
  const fromPath = (raw.params as { vin?: unknown } | undefined)?.vin;
  const fromBody = (raw.body as { vin?: unknown } | undefined)?.vin;
  const vin =
    typeof fromPath === "string" ? fromPath : typeof fromBody === "string" ? fromBody : undefined;
  return vin && vin.length === 17 ? vin : undefined;
}
