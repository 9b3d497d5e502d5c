import { and, eq, lt, sql } from "drizzle-orm";
import { type EndpointKey } from "@/lib/api/contract/common";
import { type Db, schema } from "../db/database";
import { ApiError } from "./api-error";
import { type Caller } from "./authenticate";

export interface RateRule {
  ruleKey: string;
  windowSeconds: number;
  maxRequests: number;
}

/**
 * The rules that govern one call: the Client's active overrides for this endpoint key or `*`
 * (optionally bound to one API key); without any, the service default for the endpoint key.
 */
export async function rulesFor(
  db: Db,
  caller: Caller,
  endpointKey: EndpointKey,
  fallback: Omit<RateRule, "ruleKey">,
): Promise<RateRule[]> {
  const rows = await db
    .select()
    .from(schema.rateLimits)
    .where(
      and(eq(schema.rateLimits.clientId, caller.client.id), eq(schema.rateLimits.isActive, true)),
    );
  const matching = rows.filter(
    (r) =>
      (r.endpointKey === endpointKey || r.endpointKey === "*") &&
      (r.apiKeyId === null || r.apiKeyId === caller.key.id),
  );
  if (matching.length === 0) return [{ ruleKey: `default:${endpointKey}`, ...fallback }];
  return matching.map((r) => ({
    ruleKey: r.id,
    windowSeconds: r.windowSeconds,
    maxRequests: r.maxRequests,
  }));
}

/**
 * Fixed windows counted in the database, so every instance sharing it enforces the same limit.
 * Each attempt counts; when any rule is over its maximum the call answers 429 with the seconds
 * until that window ends.
 */
export async function enforceRateLimits(
  db: Db,
  clientId: string,
  rules: RateRule[],
  now: Date,
): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let retryAfter = 0;
  for (const rule of rules) {
    const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
    const windowEnd = windowStart + rule.windowSeconds;
    const [row] = await db
      .insert(schema.rateCounters)
      .values({
        clientId,
        ruleKey: rule.ruleKey,
        windowStart,
        count: 1,
        expiresAt: new Date(windowEnd * 1000),
      })
      .onConflictDoUpdate({
        target: [
          schema.rateCounters.clientId,
          schema.rateCounters.ruleKey,
          schema.rateCounters.windowStart,
        ],
        set: { count: sql`${schema.rateCounters.count} + 1` },
      })
      .returning({ count: schema.rateCounters.count });
    if (row && row.count > rule.maxRequests)
      retryAfter = Math.max(retryAfter, Math.max(1, windowEnd - nowSeconds));
  }
  if (retryAfter > 0) {
    throw new ApiError(
      "rate_limit_exceeded",
      "The rate limit for this endpoint is exhausted; retry after the number of seconds in Retry-After.",
      { retryAfterSeconds: retryAfter },
      { "Retry-After": String(retryAfter) },
    );
  }
}

export async function purgeExpiredCounters(db: Db, now: Date) {
  await db.delete(schema.rateCounters).where(lt(schema.rateCounters.expiresAt, now));
}
