import { lt } from "drizzle-orm";
import type pg from "pg";
import { type EndpointKey } from "@/lib/api/contract/common";
import { type Db, schema } from "../db/database";
import { prepared } from "../db/prepared";
import { ApiError } from "./api-error";
import { type Caller } from "./authenticate";
import { type Stage } from "./call";

export interface RateRule {
  ruleKey: string;
  windowSeconds: number;
  maxRequests: number;
}

/**
 * The rules that govern one call: the Client's active overrides for this endpoint key or `*`
 * (optionally bound to one API key); without any, the service default for the endpoint key.
 */
export function rulesFor(
  caller: Caller,
  endpointKey: EndpointKey,
  fallback: Omit<RateRule, "ruleKey">,
): RateRule[] {
  const matching = caller.rateRules.filter(
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
 * Fixed windows counted in the database, so every instance sharing it enforces the same limit;
 * all rules of a call are counted in one statement. Each attempt counts; when any rule is over
 * its maximum the call answers 429 with the seconds until that window ends.
 */
const countAttempt = prepared<{ rule_key: string; count: number }>(
  "count_rate_windows",
  `insert into rate_counters (client_id, rule_key, window_start, count, expires_at)
   select $1, w.rule_key, w.window_start, 1, w.expires_at
     from unnest($2::text[], $3::bigint[], $4::timestamptz[]) as w(rule_key, window_start, expires_at)
   on conflict (client_id, rule_key, window_start) do update set count = rate_counters.count + 1
   returning rule_key, count`,
);

/**
 * Fixed windows counted in the database, so every instance sharing it enforces the same limit;
 * all rules of a call are counted in one statement. Each attempt counts; when any rule is over
 * its maximum the call answers 429 with the seconds until that window ends.
 */
export async function enforceRateLimits(
  conn: pg.ClientBase,
  clientId: string,
  rules: RateRule[],
  now: Date,
): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const windows = rules.map((rule) => {
    const start = nowSeconds - (nowSeconds % rule.windowSeconds);
    return { rule, start, end: start + rule.windowSeconds };
  });
  const rows = await countAttempt(conn, [
    clientId,
    windows.map((w) => w.rule.ruleKey),
    windows.map((w) => w.start),
    windows.map((w) => new Date(w.end * 1000).toISOString()),
  ]);
  let retryAfter = 0;
  for (const row of rows) {
    const w = windows.find((x) => x.rule.ruleKey === row.rule_key)!;
    if (row.count > w.rule.maxRequests)
      retryAfter = Math.max(retryAfter, Math.max(1, w.end - nowSeconds));
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

/** Stage 3: the caller's rate limits for this endpoint key, each attempt counted at once. */
export const rateLimitStage: Stage = async (call) => {
  await enforceRateLimits(
    await call.connection(),
    call.who.client.id,
    rulesFor(call.who, call.op.endpointKey, call.service.config.defaultRateLimit),
    call.now,
  );
};

export async function purgeExpiredCounters(db: Db, now: Date) {
  await db.delete(schema.rateCounters).where(lt(schema.rateCounters.expiresAt, now));
}
