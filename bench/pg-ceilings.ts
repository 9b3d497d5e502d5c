import pg from "pg";
import { periodOf } from "@/service/domain/period";
import { unitPriceMinor } from "@/service/domain/price-list";
import { admissionMessage } from "@/service/pipeline/admission";
import { CHARGE_CALL_SQL } from "@/service/pipeline/billing";
import { takeLocksSql } from "@/service/pipeline/client-lock";
import { countAttemptSql, windowsOf } from "@/service/pipeline/rate-limit";

export interface Ceiling {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** The admission message the service sends for a call of `clientId` (see `admissionMessage`). */
export function admissionOf(c: pg.Client, clientId: string, endpointKey: string, instant: boolean) {
  const windows = windowsOf(
    [{ ruleKey: `default:${endpointKey}`, windowSeconds: 60, maxRequests: 1_000_000_000 }],
    new Date(),
  );
  return admissionMessage(
    countAttemptSql(c, clientId, windows),
    takeLocksSql(clientId, undefined),
    instant,
  );
}

/**
 * The statements a billable call charged to a balance sends (`GET /translation/translations`), in
 * its three round trips: its admission message, the charge (`charge_call`), the durable commit.
 * Answers each round trip's time in milliseconds.
 */
export async function billableCallStatements(
  c: pg.Client,
  clientId: string,
  keyId: string,
  requestId: string,
) {
  const t0 = performance.now();
  await c.query(admissionOf(c, clientId, "translation", false));
  const t1 = performance.now();
  const now = new Date();
  await c.query({
    name: "floor_charge",
    text: CHARGE_CALL_SQL,
    values: [
      clientId,
      keyId,
      "translation",
      "translatePartName",
      periodOf(now),
      unitPriceMinor("translation"),
      null,
      now.toISOString(),
      `${requestId}-${now.getTime()}`,
      "bench-floor",
      false,
      false,
      now.toISOString(),
    ],
  });
  const t2 = performance.now();
  await c.query("COMMIT");
  return { admission: t1 - t0, charge: t2 - t1, commit: performance.now() - t2 };
}

/** A row per connection for `commitFloor` (0 to `connections`). */
export async function prepareCommitFloor(c: pg.Client, connections: number) {
  await c.query(
    "create table if not exists bench_commit_floor (id int primary key, n bigint not null)",
  );
  await c.query(
    "insert into bench_commit_floor select g, 0 from generate_series(0, $1) g on conflict do nothing",
    [connections],
  );
}

/** The floor of one durable commit: a single-row `update … returning` in its own transaction. */
export function commitFloor(c: pg.Client, row: number) {
  return c.query({
    name: "floor_commit",
    text: "update bench_commit_floor set n = n + 1 where id = $1 returning n",
    values: [row],
  });
}

/**
 * `clients` in a closed loop for `seconds`, each sending `statement` and waiting for its answer
 * before the next: the rate of all of them together and the latency of one.
 */
export async function closedLoop(
  clients: pg.Client[],
  seconds: number,
  scenario: string,
  statement: (c: pg.Client, i: number) => Promise<unknown>,
): Promise<Ceiling> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (c, i) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        await statement(c, i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    scenario,
    rps: Math.round(latencies.length / seconds),
    p50: Math.round(percentile(latencies, 0.5) * 10) / 10,
    p99: Math.round(percentile(latencies, 0.99) * 10) / 10,
  };
}

/**
 * What PostgreSQL itself allows on this machine, measured like the HTTP scenarios: `connections`
 * clients in a closed loop for `seconds`, each waiting for its answer before the next statement.
 * `select 1` is the floor of one round trip; a single-row `update … returning` in its own
 * transaction is the floor of one durable commit (synchronous_commit as configured: on); the
 * message `GET /ping`'s admission sends, and a billable call's admission, charge and commit, are
 * the floors the service's own rules set for those calls.
 */
export async function measureCeilings(
  databaseUrl: string,
  connections: number,
  seconds: number,
  /** Clients with a balance, one per connection, and the keys the billable floor charges. */
  payers: { clientId: string; keyId: string }[],
): Promise<Ceiling[]> {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      return c;
    }),
  );
  try {
    await prepareCommitFloor(clients[0]!, connections);
    if (payers.length === 0) throw new Error("no paying Client for the billable floor");
    const loop = (scenario: string, statement: (c: pg.Client, i: number) => Promise<unknown>) =>
      closedLoop(clients, seconds, scenario, statement);
    return [
      await loop("PostgreSQL select 1 (one round trip)", (c) =>
        c.query({ name: "floor_select", text: "select 1" }),
      ),
      await loop("PostgreSQL update … returning (one commit)", commitFloor),
      // The floor the service's own rules set for `GET /ping`: the one message its admission
      // sends (the attempt counted with its commit not waiting for the disk, the Client's lock
      // tried in that transaction), with no HTTP and no service work around it.
      await loop("PostgreSQL: GET /ping's own statements", (c, i) =>
        c.query(admissionOf(c, `cl_bench_floor_${i}`, "system", true)),
      ),
      // The floor for a billable call charged to a balance (`GET /translation/translations`):
      // its admission message, then the charge (`charge_call`) and the durable commit.
      await loop("PostgreSQL: a billable call's own statements", async (c, i) => {
        const payer = payers[i % payers.length]!;
        await billableCallStatements(c, payer.clientId, payer.keyId, `floor-${i}`);
      }),
    ];
  } finally {
    await clients[0]!.query("delete from rate_counters where client_id like 'cl_bench_floor_%'");
    // The floors leave thousands of dead rows behind (balances debited, events written, counts):
    // cleared now, so no autovacuum of them runs during the service's scenarios.
    await clients[0]!.query(
      "vacuum analyze clients, usage_events, rate_counters, bench_commit_floor",
    );
    await Promise.all(clients.map((c) => c.end()));
  }
}
