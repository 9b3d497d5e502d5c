import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  type EndpointKey,
  VIN_BUNDLE_ENDPOINT_KEYS,
  VIN_MONTHLY_LOOKUP,
} from "@/lib/api/contract/common";
import { type BillingSource } from "@/lib/api/contract/headers";
import { type Db, schema } from "../db/database";
import { periodOf } from "../domain/period";
import { unitPriceMinor } from "../domain/price-list";
import { ApiError } from "./api-error";
import { type Caller } from "./authenticate";

type GrantRow = typeof schema.sponsorshipGrants.$inferSelect;

export interface Charge {
  eventId: number;
  source: Exclude<BillingSource, "idempotent_replay">;
  amountMinor: number;
  payerClientId: string;
  grantReference?: string;
  bundle?: string;
  usageWarnings: string[];
}

export interface ChargeRequest {
  caller: Caller;
  endpointKey: EndpointKey;
  operationId: string;
  /** Full VIN of a bundle call (vehicle, parts, cart check), if any. */
  vin?: string;
  now: Date;
}

/** The grant may cover a call now: issued, not revoked, inside its dates, for this endpoint key. */
export function grantCoversNow(grant: GrantRow, endpointKey: string, now: Date): boolean {
  return (
    grant.active &&
    grant.endpointKeys.includes(endpointKey) &&
    (grant.startsAt === null || grant.startsAt <= now) &&
    (grant.endsAt === null || grant.endsAt > now)
  );
}

export async function coveredThisPeriod(
  db: Db,
  grantId: string,
  period: string,
): Promise<{ calls: number; amountMinor: number }> {
  const [row] = await db
    .select({
      calls: sql<number>`count(*)::int`,
      amountMinor: sql<number>`coalesce(sum(${schema.usageEvents.amountMinor}), 0)::int`,
    })
    .from(schema.usageEvents)
    .where(
      and(
        eq(schema.usageEvents.grantId, grantId),
        eq(schema.usageEvents.period, period),
        eq(schema.usageEvents.status, "charged"),
      ),
    );
  return { calls: row?.calls ?? 0, amountMinor: row?.amountMinor ?? 0 };
}

/** Debits `amount` when the balance covers it (or the Client is invoiced); false otherwise. */
async function debit(db: Db, clientId: string, amount: number): Promise<boolean> {
  const rows = await db
    .update(schema.clients)
    .set({ balanceMinor: sql`${schema.clients.balanceMinor} - ${amount}` })
    .where(
      and(
        eq(schema.clients.id, clientId),
        eq(schema.clients.isActive, true),
        sql`(${schema.clients.billingMode} = 'invoice' OR ${schema.clients.balanceMinor} >= ${amount})`,
      ),
    )
    .returning({ id: schema.clients.id });
  return rows.length > 0;
}

async function planFor(db: Db, clientId: string, endpointKey: string) {
  const [row] = await db
    .select({ plan: schema.plans })
    .from(schema.clientPlans)
    .innerJoin(schema.plans, eq(schema.plans.id, schema.clientPlans.planId))
    .where(
      and(
        eq(schema.clientPlans.clientId, clientId),
        eq(schema.clientPlans.endpointKey, endpointKey),
      ),
    )
    .limit(1);
  return row?.plan;
}

export async function planCallsUsed(
  db: Db,
  clientId: string,
  planId: string,
  period: string,
): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`count(*)::int` })
    .from(schema.usageEvents)
    .where(
      and(
        eq(schema.usageEvents.clientId, clientId),
        eq(schema.usageEvents.planId, planId),
        eq(schema.usageEvents.period, period),
        eq(schema.usageEvents.source, "plan"),
        eq(schema.usageEvents.status, "charged"),
      ),
    );
  return row?.used ?? 0;
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

async function sponsorPays(
  db: Db,
  grants: GrantRow[],
  price: number,
  period: string,
): Promise<GrantRow | undefined> {
  for (const grant of grants) {
    if (grant.monthlyCapMinor !== null) {
      const covered = await coveredThisPeriod(db, grant.id, period);
      if (covered.amountMinor + price > grant.monthlyCapMinor) continue;
    }
    if (await debit(db, grant.sponsorClientId, price)) return grant;
  }
  return undefined;
}

/**
 * Decides who pays for one billable call and records it, in this order: sandbox; the monthly
 * VIN bundle; a grant the beneficiary switched to the sponsor's terms (within its cap); the
 * Client's plan quota; its credit balance; then grants in `own` mode, where the sponsor covers
 * what the beneficiary's plan and credit do not. Nothing left gives `402 insufficient_credit`.
 */
export async function chargeCall(db: Db, req: ChargeRequest): Promise<Charge> {
  const { caller, endpointKey, now } = req;
  const clientId = caller.client.id;
  const period = periodOf(now);
  const price = unitPriceMinor(endpointKey);
  const inBundle = req.vin !== undefined && VIN_BUNDLE_ENDPOINT_KEYS.includes(endpointKey);

  return db.transaction(async (tx) => {
    const record = async (
      c: Omit<Charge, "eventId" | "usageWarnings">,
      extra: { planId?: string; grantId?: string } = {},
    ) => {
      const [event] = await tx
        .insert(schema.usageEvents)
        .values({
          clientId,
          apiKeyId: caller.key.id,
          endpointKey,
          operationId: req.operationId,
          period,
          source: c.source,
          amountMinor: c.amountMinor,
          payerClientId: c.payerClientId,
          grantId: extra.grantId ?? null,
          planId: extra.planId ?? null,
          vin: inBundle ? req.vin : null,
          createdAt: now,
        })
        .returning({ id: schema.usageEvents.id });
      const plan = await planFor(tx, clientId, endpointKey);
      const warning = plan
        ? usageWarningFor(plan, await planCallsUsed(tx, clientId, plan.id, period))
        : undefined;
      return { ...c, eventId: event!.id, usageWarnings: warning ? [warning] : [] };
    };

    if (caller.environment === "sandbox") {
      return record({ source: "sandbox", amountMinor: 0, payerClientId: clientId });
    }
    const bundle = inBundle ? VIN_MONTHLY_LOOKUP : undefined;
    if (inBundle) {
      const [paid] = await tx
        .select({ id: schema.usageEvents.id })
        .from(schema.usageEvents)
        .where(
          and(
            eq(schema.usageEvents.clientId, clientId),
            eq(schema.usageEvents.vin, req.vin!),
            eq(schema.usageEvents.period, period),
            eq(schema.usageEvents.status, "charged"),
            inArray(schema.usageEvents.source, ["plan", "balance"]),
          ),
        )
        .limit(1);
      if (paid)
        return record({ source: "bundle", amountMinor: 0, payerClientId: clientId, bundle });
    }

    const grants = (
      await tx
        .select({ grant: schema.sponsorshipGrants })
        .from(schema.sponsorshipGrants)
        .innerJoin(schema.clients, eq(schema.clients.id, schema.sponsorshipGrants.sponsorClientId))
        .where(
          and(
            eq(schema.sponsorshipGrants.beneficiaryClientId, clientId),
            eq(schema.clients.isActive, true),
          ),
        )
        .orderBy(asc(schema.sponsorshipGrants.createdAt))
    )
      .map((r) => r.grant)
      .filter((g) => grantCoversNow(g, endpointKey, now));

    const viaGrant = async (mode: "own" | "partner") => {
      const grant = await sponsorPays(
        tx,
        grants.filter((g) => g.billingMode === mode),
        price,
        period,
      );
      return grant
        ? record(
            {
              source: "balance",
              amountMinor: price,
              payerClientId: grant.sponsorClientId,
              grantReference: grant.reference,
              bundle,
            },
            { grantId: grant.id },
          )
        : undefined;
    };

    const partner = await viaGrant("partner");
    if (partner) return partner;

    const plan = await planFor(tx, clientId, endpointKey);
    if (
      plan &&
      (await planCallsUsed(tx, clientId, plan.id, period)) < plan.includedMonthlyQuantity
    ) {
      return record(
        { source: "plan", amountMinor: 0, payerClientId: clientId, bundle },
        { planId: plan.id },
      );
    }
    if (await debit(tx, clientId, price)) {
      return record({ source: "balance", amountMinor: price, payerClientId: clientId, bundle });
    }
    const own = await viaGrant("own");
    if (own) return own;

    throw new ApiError(
      "insufficient_credit",
      `No plan quota, credit balance or sponsorship covers ${endpointKey}; the call costs ${price} cents.`,
    );
  });
}

/** The automatic refund of a pre-charged call that ended with HTTP status 400 or above; once only. */
export async function refundCall(db: Db, charge: Charge): Promise<void> {
  await db.transaction(async (tx) => {
    const refunded = await tx
      .update(schema.usageEvents)
      .set({ status: "refunded" })
      .where(
        and(eq(schema.usageEvents.id, charge.eventId), eq(schema.usageEvents.status, "charged")),
      )
      .returning({ id: schema.usageEvents.id });
    if (refunded.length > 0 && charge.amountMinor > 0) {
      await tx
        .update(schema.clients)
        .set({ balanceMinor: sql`${schema.clients.balanceMinor} + ${charge.amountMinor}` })
        .where(eq(schema.clients.id, charge.payerClientId));
    }
  });
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
