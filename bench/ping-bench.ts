/**
 * `npm run bench`: requests per second and latency of the reference service for GET /ping and
 * for an authenticated billable call (GET /translation/translations, charged to a balance),
 * beside a bare node:http server on the same machine. The servers run in a child process so the
 * load generator does not share their event loop.
 *
 * Every connection uses its own Client's key: the service allows one active request per Client,
 * so N connections on one key would measure the 429 path instead.
 *
 * Last, the same two calls go through the production topology (`npm run start:cluster`: nginx
 * before two service instances on one PostgreSQL, logging as shipped), and the targets
 * are printed for it too; without nginx on the machine that part says it was skipped.
 */
import { hasExited } from "../scripts/launcher";
import autocannon from "autocannon";
import { startBenchCluster } from "./bench-cluster";
import { spawnBenchServer } from "./bench-server-process";
import { measureCeilings } from "./pg-ceilings";

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CLIENTS ?? 16);

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(
  scenario: string,
  url: string,
  keys: string[] | null,
  seconds = DURATION,
): Promise<Row> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    setupClient: (client) => {
      if (keys)
        client.setHeaders({ "X-Api-Key": keys[next++ % keys.length]!, Accept: "application/json" });
    },
  });
  return {
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Two halves of one scenario: their mean rate, and the worse of their latencies. */
function merged(a: Row, b: Row): Row {
  return {
    scenario: a.scenario,
    rps: Math.round((a.rps + b.rps) / 2),
    p50: Math.max(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
  };
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const printRow = (r: Row) =>
  console.log(
    `${r.scenario.padEnd(50)}${pad(r.rps, 10)}${pad(r.p50, 9)}${pad(r.p99, 9)}${pad(r.non2xx, 9)}${pad(r.errors, 8)}`,
  );
const line = (what: string, shown: string, target: string, met: boolean) =>
  console.log(
    `  ${what.padEnd(50)} ${shown.padStart(8)}  target ${target}  ${met ? "met" : "NOT met"}`,
  );
const share = (what: string, value: number, target: number) =>
  line(what, `${(value * 100).toFixed(1)} %`, `≥ ${+(target * 100).toFixed(1)} %`, value >= target);

/** The service's own targets for its two calls: a share of their statements' rate, and p99. */
function serviceTargets(calls: { ping: Row; billable: Row }, floors: { ping: Row; billable: Row }) {
  share("service GET /ping / its statements alone", calls.ping.rps / floors.ping.rps, 0.75);
  share(
    "service billable call / its statements alone",
    calls.billable.rps / floors.billable.rps,
    0.75,
  );
  for (const r of [calls.ping, calls.billable])
    line(`p99 of ${r.scenario}`, `${r.p99} ms`, "≤ 20 ms", r.p99 <= 20);
}

async function main() {
  const { child, info } = await spawnBenchServer(CONNECTIONS);
  const { serviceUrl, bareUrl, keys, databaseUrl, payers } = info;
  try {
    console.log(
      `Load: ${CONNECTIONS} connections (one Client each), ${DURATION} s per scenario, after a 2 s warm-up.\n`,
    );
    await load("warm-up", `${serviceUrl}/ping`, keys).catch(() => undefined);
    const ceilings = await measureCeilings(databaseUrl, CONNECTIONS, DURATION, payers);
    const rows: Row[] = ceilings.map((c) => ({ ...c, non2xx: 0, errors: 0 }));
    rows.push(await load("bare node:http GET /ping", `${bareUrl}/ping`, null));
    // As shipped (request lines at info) and the same process at warn, in the order info, warn,
    // warn, info, half the time each: a drift of the machine during the run weighs on both alike.
    const atLevel = async (level: "info" | "warn") => {
      child.send({ logLevel: level });
      const seconds = DURATION / 2;
      const ping = await load(
        `service GET /ping (log at ${level})`,
        `${serviceUrl}/ping`,
        keys,
        seconds,
      );
      const billable = await load(
        `service billable GET /translation (log at ${level})`,
        `${serviceUrl}/translation/translations?sourceLanguage=de&text=Bremsscheibe`,
        keys,
        seconds,
      );
      return [ping, billable];
    };
    const info1 = await atLevel("info");
    const warn1 = await atLevel("warn");
    const warn2 = await atLevel("warn");
    const info2 = await atLevel("info");
    rows.push(...info1.map((r, i) => merged(r, info2[i]!)));
    rows.push(...warn1.map((r, i) => merged(r, warn2[i]!)));
    console.log(
      `${"scenario".padEnd(50)}${pad("req/s", 10)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("non-2xx", 9)}${pad("errors", 8)}`,
    );
    for (const r of rows) printRow(r);
    const [
      select1,
      commit,
      pingFloor,
      billableFloor,
      bare,
      ping,
      billable,
      pingQuiet,
      billableQuiet,
    ] = rows as [Row, Row, Row, Row, Row, Row, Row, Row, Row];
    const ratio = (a: number, b: number) => a / b;
    const floors = { ping: pingFloor, billable: billableFloor };
    console.log("\nTargets (issue 29), measured in this run:");
    share(
      "a billable call's statements / one durable commit",
      ratio(billableFloor.rps, commit.rps),
      0.3,
    );
    serviceTargets({ ping, billable }, floors);
    share("GET /ping logged at info / at warn", ratio(ping.rps, pingQuiet.rps), 0.9);
    share("billable call logged at info / at warn", ratio(billable.rps, billableQuiet.rps), 0.9);
    // Issue 42: the service as shipped against PostgreSQL's own floors, beside what it reached
    // before people, organizations and the production topology were added (0.112 and 0.156, on
    // another day: `npm run bench:regression` measures the code of then beside this in one run).
    console.log("\nNo regression (issue 42), as shipped (log at info), measured in this run:");
    share("GET /ping / PostgreSQL select 1 round trips", ratio(ping.rps, select1.rps), 0.112);
    share("a billable call / one durable commit", ratio(billable.rps, commit.rps), 0.156);
    console.log("\nFor scale (no target):");
    console.log(`  GET /ping / bare node:http: ${(ratio(ping.rps, bare.rps) * 100).toFixed(1)} %`);
    child.kill("SIGTERM");

    // The same two calls against the production topology: two service instances behind nginx.
    console.log("\nThe production topology (npm run start:cluster: nginx, two service instances):");
    // (`npm run bench:regression` leaves it out: it sets this tree beside an older one's.)
    const cluster =
      process.env.BENCH_TOPOLOGY === "skip"
        ? { skipped: "BENCH_TOPOLOGY=skip" }
        : await startBenchCluster({ consoles: 1, payers: CONNECTIONS });
    if ("skipped" in cluster) {
      console.log(`  skipped: ${cluster.skipped}`);
      return;
    }
    try {
      await load("warm-up", `${cluster.serviceUrl}/ping`, cluster.keys, 2).catch(() => undefined);
      const clusterPing = await load(
        "nginx + 2 services GET /ping (log at info)",
        `${cluster.serviceUrl}/ping`,
        cluster.keys,
      );
      const clusterBillable = await load(
        "nginx + 2 services billable GET /translation (info)",
        `${cluster.serviceUrl}/translation/translations?sourceLanguage=de&text=Bremsscheibe`,
        cluster.keys,
      );
      printRow(clusterPing);
      printRow(clusterBillable);
      console.log("\nTargets (issue 29) in the production topology, measured in this run:");
      serviceTargets({ ping: clusterPing, billable: clusterBillable }, floors);
      console.log("\nFor scale (no target): the topology against one instance, both at info:");
      console.log(
        `  GET /ping: ${(ratio(clusterPing.rps, ping.rps) * 100).toFixed(1)} %, billable call: ${(ratio(clusterBillable.rps, billable.rps) * 100).toFixed(1)} %`,
      );
    } finally {
      await cluster.stop();
    }
  } finally {
    if (!hasExited(child)) child.kill("SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
