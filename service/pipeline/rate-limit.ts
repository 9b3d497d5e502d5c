import { lt } from "drizzle-orm";
import type pg from "pg";
import { type EndpointKey } from "@/lib/api/contract/common";
import { type Db, schema } from "../db/database";
import { ApiError, type Caller, type RateRule, type RateWindow } from "../core";

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

export function windowsOf(rules: RateRule[], now: Date): RateWindow[] {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return rules.map((rule) => {
    const start = nowSeconds - (nowSeconds % rule.windowSeconds);
    return { rule, start, end: start + rule.windowSeconds };
  });
}

/** Connections on which `count_attempt` is prepared (a prepared statement lives with its session). */
const preparedOn = new WeakSet<pg.ClientBase>();

const COUNT_ATTEMPT = `PREPARE count_attempt(text, text[], bigint[], bigint[], text, bigint, bigint, boolean) AS
  insert into rate_counters (client_id, rule_key, window_start, count, expires_at)
  select $1, w.rule_key, w.window_start, 1, to_timestamp(w.window_end)
    from unnest($2, $3, $4) as w(rule_key, window_start, window_end)
   where not $8 or exists (
         select 1 from api_keys k join clients c on c.id = k.client_id left join clients p on p.id = c.parent_id
          where k.id = $5 and k.is_active and c.auth_stamp = $6 and p.auth_stamp is not distinct from $7)
  on conflict (client_id, rule_key, window_start) do update set count = rate_counters.count + 1
  returning rule_key, count`;

/**
 * The statements that count one attempt in each window: fixed windows kept in the database, so
 * every instance sharing it enforces the same limit. With `check`, only while that key is active
 * and its Client's and Master's stamps are the ones given (a remembered caller is still current).
 *
 * They travel with other statements in one simple-protocol message, so the statement is
 * prepared with SQL `PREPARE` (planned once per connection) and run with `EXECUTE`, its values
 * written into the text: integers, and literals escaped by the connection.
 */
export function countAttemptSql(
  conn: pg.ClientBase,
  clientId: string,
  windows: RateWindow[],
  check?: { keyId: string; clientStamp: number; parentStamp: number | null },
): string[] {
  const text = (v: string) => conn.escapeLiteral(v);
  const int = (n: number | null) => {
    if (n === null) return "NULL";
    if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
    return String(n);
  };
  const args = [
    text(clientId),
    `ARRAY[${windows.map((w) => text(w.rule.ruleKey)).join(", ")}]::text[]`,
    `ARRAY[${windows.map((w) => int(w.start)).join(", ")}]::bigint[]`,
    `ARRAY[${windows.map((w) => int(w.end)).join(", ")}]::bigint[]`,
    check ? text(check.keyId) : "NULL",
    check ? int(check.clientStamp) : "NULL",
    check ? int(check.parentStamp) : "NULL",
    check ? "true" : "false",
  ];
  const execute = `EXECUTE count_attempt(${args.join(", ")})`;
  if (preparedOn.has(conn)) return [execute];
  preparedOn.add(conn);
  return [COUNT_ATTEMPT, execute];
}

/** `429 rate_limit_exceeded` when any window is over its maximum, with the seconds until it ends. */
export function enforceRateVerdict(
  windows: RateWindow[],
  counted: { rule_key: string; count: number }[],
  now: Date,
): void {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let retryAfter = 0;
  for (const row of counted) {
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

export async function purgeExpiredCounters(db: Db, now: Date) {
  await db.delete(schema.rateCounters).where(lt(schema.rateCounters.expiresAt, now));
}
