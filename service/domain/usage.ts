import { and, eq, isNull, or, sql } from "drizzle-orm";
import { type Db, schema } from "../db/database";
import { periodBounds, periodOf } from "./period";

type ClientRow = typeof schema.clients.$inferSelect;
type PlanRow = typeof schema.plans.$inferSelect;

export function toPlan(plan: PlanRow, active: boolean, currency: string) {
  return {
    id: plan.id,
    name: plan.name,
    type: plan.type as "standard" | "custom",
    endpoint_key: plan.endpointKey as never,
    included_monthly_quantity: plan.includedMonthlyQuantity,
    currency,
    active,
  };
}

export function planState(
  included: number,
  used: number,
): "ok" | "warning" | "exhausted" | "no_quota" {
  if (included === 0) return "no_quota";
  if (used >= included) return "exhausted";
  return used / included >= 0.9 ? "warning" : "ok";
}

/** Plans the Client can see: every standard plan and its own custom ones; `active` marks assignment. */
export async function visiblePlans(db: Db, client: Pick<ClientRow, "id" | "currency">) {
  const rows = await db
    .select({ plan: schema.plans, assigned: schema.clientPlans.clientId })
    .from(schema.plans)
    .leftJoin(
      schema.clientPlans,
      and(
        eq(schema.clientPlans.planId, schema.plans.id),
        eq(schema.clientPlans.clientId, client.id),
      ),
    )
    .where(or(isNull(schema.plans.ownerClientId), eq(schema.plans.ownerClientId, client.id)))
    .orderBy(schema.plans.endpointKey, schema.plans.id);
  return rows.map((r) => toPlan(r.plan, r.assigned !== null, client.currency));
}

/** UsageStatus of one Client for the period containing `now`, from its usage events. */
export async function usageStatus(db: Db, client: ClientRow, now: Date) {
  const period = periodOf(now);
  const bounds = periodBounds(now);
  const assigned = await db
    .select({ plan: schema.plans })
    .from(schema.clientPlans)
    .innerJoin(schema.plans, eq(schema.plans.id, schema.clientPlans.planId))
    .where(eq(schema.clientPlans.clientId, client.id))
    .orderBy(schema.plans.endpointKey);
  const groups = await db
    .select({
      endpointKey: schema.usageEvents.endpointKey,
      source: schema.usageEvents.source,
      sponsored: sql<boolean>`${schema.usageEvents.grantId} IS NOT NULL`,
      status: schema.usageEvents.status,
      planId: schema.usageEvents.planId,
      calls: sql<number>`count(*)::int`,
      amountMinor: sql<number>`coalesce(sum(${schema.usageEvents.amountMinor}), 0)::int`,
    })
    .from(schema.usageEvents)
    .where(and(eq(schema.usageEvents.clientId, client.id), eq(schema.usageEvents.period, period)))
    .groupBy(
      schema.usageEvents.endpointKey,
      schema.usageEvents.source,
      sql`${schema.usageEvents.grantId} IS NOT NULL`,
      schema.usageEvents.status,
      schema.usageEvents.planId,
    );

  const plans = assigned.map(({ plan }) => {
    const used = groups
      .filter((g) => g.planId === plan.id && g.source === "plan" && g.status === "charged")
      .reduce((n, g) => n + g.calls, 0);
    const included = plan.includedMonthlyQuantity;
    return {
      ...toPlan(plan, true, client.currency),
      used,
      remaining: Math.max(0, included - used),
      state: planState(included, used),
    };
  });

  const byKey = new Map<
    string,
    { calls: number; refunded: number; chargedMinor: number; bySource: Record<string, number> }
  >();
  for (const g of groups) {
    const entry = byKey.get(g.endpointKey) ?? {
      calls: 0,
      refunded: 0,
      chargedMinor: 0,
      bySource: { plan: 0, balance: 0, bundle: 0, sandbox: 0, sponsored: 0 },
    };
    if (g.status === "refunded") entry.refunded += g.calls;
    else {
      entry.calls += g.calls;
      const source = g.sponsored ? "sponsored" : g.source;
      entry.bySource[source] = (entry.bySource[source] ?? 0) + g.calls;
      if (!g.sponsored) entry.chargedMinor += g.amountMinor;
    }
    byKey.set(g.endpointKey, entry);
  }
  const endpoints = [...byKey.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([endpointKey, e]) => ({
      endpointKey: endpointKey as never,
      calls: e.calls,
      bySource: e.bySource as {
        plan: number;
        balance: number;
        bundle: number;
        sandbox: number;
        sponsored: number;
      },
      refunded: e.refunded,
      chargedMinor: e.chargedMinor,
    }));

  return {
    clientId: client.id,
    currency: client.currency,
    balanceMinor: client.balanceMinor,
    period: { start: bounds.start.toISOString(), end: bounds.end.toISOString() },
    plans,
    endpoints,
  };
}
