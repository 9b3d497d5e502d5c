/**
 * `npm run bench:billable`: where a billable call's time goes inside PostgreSQL.
 *
 * One connection sends a billable call's own statements (`billableCallStatements`: admission,
 * `charge_call`, the durable commit) over and over, and the benchmark prints each round trip's
 * median beside a single-row update's commit. Then one more call runs with `auto_explain` sending
 * its plans to this client (as notices), nested statements included: every statement
 * `charge_call` and its triggers run, with its actual time and the buffers it touched.
 */
import pg from "pg";
import { billableCallStatements } from "./pg-ceilings";
import { startBenchService } from "./bench-service";

const CALLS = Number(process.env.BENCH_BILLABLE_CALLS ?? 2_000);

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
    await c.query(
      "create table if not exists bench_commit_floor (id int primary key, n bigint not null)",
    );
    await c.query("insert into bench_commit_floor values (0, 0) on conflict do nothing");

    const steps = { admission: [] as number[], charge: [] as number[], commit: [] as number[] };
    const floor: number[] = [];
    for (let i = 0; i < CALLS + 200; i++) {
      const t = await billableCallStatements(c, payer.client_id, payer.key_id, `profile-${i}`);
      const t0 = performance.now();
      await c.query("update bench_commit_floor set n = n + 1 where id = 0 returning n");
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
  } finally {
    await c.end();
    await bench.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
