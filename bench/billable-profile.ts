/**
 * `npm run bench:billable`: where a billable call's time goes inside PostgreSQL.
 *
 * One connection sends a billable call's own statements (`billableCallStatements`: admission,
 * `charge_call`, the durable commit) over and over, and the benchmark prints each round trip's
 * median beside a single-row update's commit. Then one more call runs with `auto_explain` sending
 * its plans to this client (as notices), nested statements included: every statement
 * `charge_call` and its triggers run, with its actual time and the buffers it touched.
 *
 * Last, at as many connections as `npm run bench` (one paying Client each), it sets the call's
 * statements as shipped beside the least any charge could send: the same admission message
 * carrying a debit of a table that holds nothing but balances and the usage event's insert (both
 * prepared), then the durable commit. That is one round trip and every statement of the charge's
 * decision fewer than `charge_call`, and no rule kept: it shows how far the issue's "30 % of one
 * durable commit" is from what two round trips and two writes cost on this machine.
 */
import pg from "pg";
import { periodOf } from "@/service/domain/period";
import { startBenchService } from "./bench-service";
import { makePayers } from "./bench-payers";
import {
  admissionOf,
  billableCallStatements,
  closedLoop,
  commitFloor,
  prepareCommitFloor,
} from "./pg-ceilings";

const CALLS = Number(process.env.BENCH_BILLABLE_CALLS ?? 2_000);
const CONNECTIONS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The first line of a plan's query text and its top node's actual time, from one notice. */
function planSummary(text: string): string {
  const query = /Query Text: ([^\n]*)/.exec(text)?.[1]?.trim() ?? "?";
  const top = /actual time=[\d.]+\.\.([\d.]+) rows=(\d+)/.exec(text);
  const buffers = /Buffers: ([^\n]*)/.exec(text)?.[1]?.trim() ?? "";
  const time = top ? `${Number(top[1]).toFixed(3)} ms`.padStart(10) : "         ?";
  return `${time}  rows=${(top?.[2] ?? "?").padEnd(3)} ${query.slice(0, 96)}${buffers ? `\n${" ".repeat(12)}buffers: ${buffers}` : ""}`;
}

async function main() {
  const bench = await startBenchService("billable");
  const c = new pg.Client({ connectionString: bench.databaseUrl });
  await c.connect();
  try {
    // A Client of the demo family that pays from its balance, with a balance that never runs out.
    const { rows } = await c.query<{ client_id: string; key_id: string }>(
      `select k.client_id, k.id as key_id from api_keys k join clients c on c.id = k.client_id
        where k.is_active and c.is_active and k.environment = 'production'
          and not exists (select 1 from client_plans p where p.client_id = c.id)
        order by k.created_at limit 1`,
    );
    const payer = rows[0];
    if (!payer) throw new Error("no paying Client in the demo data");
    await c.query("update clients set balance_minor = 1000000000 where id = $1", [payer.client_id]);
    await prepareCommitFloor(c, 0);

    const steps = { admission: [] as number[], charge: [] as number[], commit: [] as number[] };
    const floor: number[] = [];
    for (let i = 0; i < CALLS + 200; i++) {
      const t = await billableCallStatements(c, payer.client_id, payer.key_id, `profile-${i}`);
      const t0 = performance.now();
      await commitFloor(c, 0);
      const single = performance.now() - t0;
      // The first 200 warm the caches and prepare the statements: not counted.
      if (i < 200) continue;
      steps.admission.push(t.admission);
      steps.charge.push(t.charge);
      steps.commit.push(t.commit);
      floor.push(single);
    }
    const total = steps.admission.map((a, i) => a + steps.charge[i]! + steps.commit[i]!);
    const ms = (x: number) => `${x.toFixed(3)} ms`.padStart(10);
    console.log(`A billable call's statements on one connection, median of ${CALLS} calls:`);
    console.log(
      `  admission (count, commit without waiting, begin, locks) ${ms(median(steps.admission))}`,
    );
    console.log(
      `  charge_call                                              ${ms(median(steps.charge))}`,
    );
    console.log(
      `  COMMIT (durable)                                         ${ms(median(steps.commit))}`,
    );
    console.log(`  the three round trips                                    ${ms(median(total))}`);
    console.log(`  a single-row update in its own durable commit            ${ms(median(floor))}`);

    const notices: string[] = [];
    c.on("notice", (n) => notices.push(n.message ?? ""));
    for (const setting of [
      "LOAD 'auto_explain'",
      "SET auto_explain.log_min_duration = 0",
      "SET auto_explain.log_analyze = on",
      "SET auto_explain.log_buffers = on",
      "SET auto_explain.log_nested_statements = on",
      "SET auto_explain.log_level = notice",
      "SET client_min_messages = notice",
    ])
      await c.query(setting);
    await billableCallStatements(c, payer.client_id, payer.key_id, "profile-explained");
    await c.query("SET auto_explain.log_min_duration = -1");
    console.log(
      "\nOne call's statements as PostgreSQL ran them (auto_explain, nested included; actual time of each plan's top node):",
    );
    for (const notice of notices) console.log(`  ${planSummary(notice)}`);
    c.removeAllListeners("notice");
    await c.query("LOAD 'auto_explain'; SET auto_explain.log_min_duration = -1");
    await leastCharge(bench);
  } finally {
    await c.end();
    await bench.stop();
  }
}

/** The statements as shipped beside the least a charge could send, at `CONNECTIONS` (see above). */
async function leastCharge(bench: Awaited<ReturnType<typeof startBenchService>>) {
  const payers = await makePayers({
    serviceUrl: bench.service.url,
    masterKey: bench.key("master-admin"),
    databaseUrl: bench.databaseUrl,
    count: CONNECTIONS,
    name: "Least charge",
  });
  const clients = await Promise.all(
    payers.map(async () => {
      const c = new pg.Client({ connectionString: bench.databaseUrl });
      await c.connect();
      return c;
    }),
  );
  try {
    const setup = clients[0]!;
    await setup.query(
      "create table bench_least_balances (client_id text primary key, balance_minor bigint not null)",
    );
    await setup.query(
      "insert into bench_least_balances select id, 1000000000 from clients where id = any($1)",
      [payers.map((p) => p.clientId)],
    );
    for (const c of clients)
      await c.query(`PREPARE least_debit(text) AS
          update bench_least_balances set balance_minor = balance_minor - 1
           where client_id = $1 and balance_minor >= 1;
        PREPARE least_event(text, text, text, timestamptz, text) AS
          insert into usage_events (client_id, api_key_id, endpoint_key, operation_id, period,
            source, amount_minor, payer_client_id, created_at, request_id, instance_id,
            pending_delivery)
          values ($1, $2, 'translation', 'translatePartName', $3, 'balance', 1, $1, $4, $5,
            'bench-least', false)`);
    const text = (c: pg.Client, v: string) => c.escapeLiteral(v);
    const least = async (c: pg.Client, i: number) => {
      const p = payers[i]!;
      const now = new Date();
      const event = `EXECUTE least_event(${text(c, p.clientId)}, ${text(c, p.keyId)}, ${text(c, periodOf(now))}, ${text(c, now.toISOString())}, ${text(c, `least-${i}-${now.getTime()}-${Math.random()}`)})`;
      await c.query(
        `${admissionOf(c, p.clientId, "translation", false)};\nEXECUTE least_debit(${text(c, p.clientId)});\n${event}`,
      );
      await c.query("COMMIT");
    };
    await prepareCommitFloor(setup, CONNECTIONS);
    console.log(
      `\nAt ${CONNECTIONS} connections, one paying Client each, ${SECONDS} s per scenario, twice:`,
    );
    for (let round = 0; round < 2; round++) {
      const commit = await closedLoop(clients, SECONDS, "one durable commit", commitFloor);
      const shipped = await closedLoop(clients, SECONDS, "as shipped", (c, i) =>
        billableCallStatements(c, payers[i]!.clientId, payers[i]!.keyId, `least-shipped-${i}`),
      );
      const leastRun = await closedLoop(clients, SECONDS, "least", least);
      const of = (r: { rps: number }) => `${((100 * r.rps) / commit.rps).toFixed(1)} %`;
      console.log(
        `  one durable commit                          ${String(commit.rps).padStart(6)}/s`,
      );
      console.log(
        `  a billable call's statements as shipped     ${String(shipped.rps).padStart(6)}/s  ${of(shipped)} of one commit (target ≥ 30 %)`,
      );
      console.log(
        `  the least a charge could send (see above)   ${String(leastRun.rps).padStart(6)}/s  ${of(leastRun)} of one commit`,
      );
    }
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
