import { VIN_BUNDLE_ENDPOINT_KEYS, VIN_MONTHLY_LOOKUP } from "@/lib/api/contract/common";
import type pg from "pg";
import { prepared } from "../db/prepared";
import { periodOf } from "../domain/period";
import { unitPriceMinor } from "../domain/price-list";
import { type Call, type Stage } from "./call";
import { ApiError, type Charge, type ChargeRequest } from "../core";

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

/** The row `charge_call` (migrations 0012, 0014) answers with; none when nothing covers the call. */
interface ChargeRow {
  event_id: string;
  source: Charge["source"];
  amount_minor: number;
  payer_client_id: string;
  grant_id: string | null;
  grant_reference: string | null;
  plan_id: string | null;
  plan_name: string | null;
  plan_endpoint: string | null;
  plan_included: number | null;
  plan_used: number | null;
}
/** The statement a charge sends (the benchmark's statement floor sends the same one). */
export const CHARGE_CALL_SQL =
  "select * from charge_call($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";
const chargeCallStatement = prepared<ChargeRow>("charge_call", CHARGE_CALL_SQL);
const insertRefundedEvent = prepared(
  "usage_event_insert_refunded",
  `insert into usage_events (client_id, api_key_id, endpoint_key, operation_id, period, source,
     amount_minor, payer_client_id, grant_id, plan_id, vin, created_at, request_id, instance_id,
     pending_delivery, status)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'refunded')`,
);

/**
 * Decides who pays for one billable call and records it, in this order: sandbox; the monthly
 * VIN bundle; a grant the beneficiary switched to the sponsor's terms (within its cap); the
 * Client's plan quota; its credit balance; then grants in `own` mode, where the sponsor covers
 * what the beneficiary's plan and credit do not. Nothing left gives `402 insufficient_credit`.
 *
 * One statement, `charge_call` (migrations 0012 and 0014), reads, decides, debits and records: the
 * Client's lock serialises its calls, so the quota and cap reads stay true until the write, and
 * each debit is a conditional update, so a balance never goes below zero.
 */
export async function chargeCall(conn: pg.ClientBase, req: ChargeRequest): Promise<Charge> {
  const { caller, endpointKey, now } = req;
  const price = unitPriceMinor(endpointKey);
  const vin =
    req.vin !== undefined && VIN_BUNDLE_ENDPOINT_KEYS.includes(endpointKey) ? req.vin : undefined;
  const sandbox = caller.environment === "sandbox";
  const [row] = await chargeCallStatement(conn, [
    caller.client.id,
    caller.key.id,
    endpointKey,
    req.operationId,
    periodOf(now),
    price,
    vin ?? null,
    now.toISOString(),
    req.requestId,
    req.instanceId,
    req.pendingDelivery,
    sandbox,
    req.instanceNow.toISOString(),
  ]);
  if (!row) {
    throw new ApiError(
      "insufficient_credit",
      `No plan quota, credit balance or sponsorship covers ${endpointKey}; the call costs ${price} cents.`,
    );
  }
  const warning =
    !sandbox && row.plan_id !== null
      ? usageWarningFor(
          {
            name: row.plan_name!,
            endpointKey: row.plan_endpoint!,
            includedMonthlyQuantity: row.plan_included!,
          },
          row.plan_used! + (row.source === "plan" ? 1 : 0),
        )
      : undefined;
  return {
    eventId: Number(row.event_id),
    source: row.source,
    amountMinor: row.amount_minor,
    payerClientId: row.payer_client_id,
    ...(row.grant_reference !== null ? { grantReference: row.grant_reference } : {}),
    ...(vin && !sandbox ? { bundle: VIN_MONTHLY_LOOKUP } : {}),
    usageWarnings: warning ? [warning] : [],
    recorded: {
      grantId: row.grant_id,
      planId: row.source === "plan" ? row.plan_id : null,
      vin: vin ?? null,
    },
  };
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
    instanceNow: call.instanceNow,
  };
}

/** `charge`: who pays for a billable call, recorded in the call's transaction. */
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
