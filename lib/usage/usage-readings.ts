import "server-only";
import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { type UsageStatus } from "@/lib/api/contract/client-admin";
import { getStore } from "@/lib/store/db";
import { type UsageReadingPlan, usageMonths, usageReadings } from "@/lib/store/schema";
import { noteSubUserUsage } from "@/lib/sub-users/sub-user-index";
import { planState, worstPlanState } from "./plan-state";

export type UsageReading = typeof usageReadings.$inferSelect;

function planRows(usage: UsageStatus): UsageReadingPlan[] {
  return usage.plans.map((p) => ({
    planId: p.id,
    name: p.name ?? null,
    endpointKey: p.endpoint_key,
    included: p.included_monthly_quantity,
    used: p.used,
    state: planState(p),
  }));
}

/**
 * Stores a usage reading the console made. One row per Client and hour keeps the latest reading
 * of that hour, so page views and the schedule add at most 24 rows a day per Client.
 */
export async function recordUsageReading(
  usage: UsageStatus,
  source: "page" | "schedule",
  takenAt = new Date(),
): Promise<void> {
  const db = await getStore();
  const hour = new Date(Math.floor(takenAt.getTime() / 3_600_000) * 3_600_000);
  const row = {
    clientId: usage.clientId,
    hour,
    takenAt,
    source,
    periodStart: new Date(usage.period.start),
    periodEnd: new Date(usage.period.end),
    currency: usage.currency ?? null,
    balanceMinor: usage.balanceMinor ?? null,
    endpoints: usage.endpoints.map((e) => ({
      endpointKey: e.endpointKey,
      calls: e.calls,
      chargedMinor: e.chargedMinor ?? null,
    })),
    plans: planRows(usage),
  };
  await db
    .insert(usageReadings)
    .values(row)
    .onConflictDoUpdate({
      target: [usageReadings.clientId, usageReadings.hour],
      set: row,
      setWhere: sql`${usageReadings.takenAt} <= ${takenAt}`,
    });
  // The period's totals so far: kept when the readings age out.
  const month = {
    clientId: row.clientId,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    takenAt,
    currency: row.currency,
    endpoints: row.endpoints,
    plans: row.plans,
  };
  await db
    .insert(usageMonths)
    .values(month)
    .onConflictDoUpdate({
      target: [usageMonths.clientId, usageMonths.periodStart],
      set: month,
      setWhere: sql`${usageMonths.takenAt} <= ${takenAt}`,
    });
  // A Sub-user's list row shows its most urgent plan state as of this reading.
  await noteSubUserUsage(usage.clientId, worstPlanState(row.plans.map((p) => p.state)), takenAt);
}

/** A Client's readings since `since`, oldest first. */
export async function usageHistory(clientId: string, since: Date): Promise<UsageReading[]> {
  const db = await getStore();
  return db
    .select()
    .from(usageReadings)
    .where(and(eq(usageReadings.clientId, clientId), gte(usageReadings.takenAt, since)))
    .orderBy(asc(usageReadings.takenAt));
}

export type UsageMonth = typeof usageMonths.$inferSelect;

/** A Client's latest `count` billing periods with their totals, newest first. */
export async function usageMonthsOf(clientId: string, count: number): Promise<UsageMonth[]> {
  const db = await getStore();
  return db
    .select()
    .from(usageMonths)
    .where(eq(usageMonths.clientId, clientId))
    .orderBy(desc(usageMonths.periodStart))
    .limit(count);
}
