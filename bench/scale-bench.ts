/**
 * `npm run bench:scale`: every page at a real Master's volume, beside the demo's.
 *
 * Two consoles run one after the other as `npm start` runs them (each with its embedded service
 * and PostgreSQL, logging at `info`), each grown straight in PostgreSQL to one scale, consistently
 * with the schemas (Sub-users with a key each, usage events over a year, jobs, and in the
 * console's store audit entries, request-log rows, job records and usage readings), then
 * vacuumed as a year-old database would have been:
 *
 *   small: 1,000 Sub-users; 10,000 usage events, audit entries and request-log rows; 1,000 jobs;
 *          5,000 usage readings
 *   large: 100,000 Sub-users; 1,000,000 of each; 100,000 jobs; 500,000 usage readings
 *
 * It prints each console page's server time (median of `BENCH_SCALE_RUNS` loads, signed in with
 * the Master's key) and the service's reading calls at both scales with their ratio, against the
 * targets: at most 1.5 times the small scale's time, and at most 300 ms at the large one; then
 * the peak resident memory of service and console (their high-water marks, after the pages were
 * read by four clients at once), against 350 MB; and the tables' sizes. `BENCH_SCALE_LARGE` sets
 * the large scale's Sub-users (the rest follows in proportion).
 */
import { mkdtempSync, readFileSync, rmSync, chmodSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import pg from "pg";
import { embeddedDatabaseUrl } from "@/lib/db/postgres-server";
import { AUDITED_OPERATIONS } from "@/lib/audit-labels";
import { CHROMIUM_LAUNCH } from "@/e2e/support/chromium";
import { MASTER_PAGES } from "@/e2e/support/console-pages";
import { startConsole } from "./start-console";

const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 9);
const LARGE = Number(process.env.BENCH_SCALE_LARGE ?? 100_000);
const PORT = 3320;
const SERVICE_PORT = 4320;
const RATIO_TARGET = 1.5;
const TIME_TARGET_MS = 300;
const MEMORY_TARGET_MB = 350;
const LIST_TARGET_MS = 1_000;
const MASTER = "cl_demo_northwind";

interface Scale {
  name: "small" | "large";
  subUsers: number;
  rows: number;
  jobs: number;
  readings: number;
}
const SCALES: Scale[] = [
  { name: "small", subUsers: 1_000, rows: 10_000, jobs: 1_000, readings: 5_000 },
  {
    name: "large",
    subUsers: LARGE,
    rows: LARGE * 10,
    jobs: LARGE,
    readings: LARGE * 5,
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function withDb<T>(url: string, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** The service's data: Sub-users with a key each, a year of usage events, and jobs. */
async function seedService(url: string, s: Scale) {
  await withDb(url, async (db) => {
    await db.query(
      `insert into clients (id, name, parent_id, is_active, created_at, updated_at)
         select 'cl_s' || lpad(n::text, 6, '0'),
                (array['Autoteile', 'Werkstatt', 'Karosserie', 'Reifen'])[1 + n % 4] || ' ' ||
                (array['Berlin', 'Hamburg', 'München', 'Köln', 'Leipzig'])[1 + n % 5] || ' ' || n,
                $1, n % 13 <> 0, now() - (n % 365) * interval '1 day', now()
           from generate_series(1, $2::int) as n`,
      [MASTER, s.subUsers],
    );
    await db.query(
      `insert into api_keys (id, client_id, label, key_hash, created_at)
         select 'key_s' || lpad(n::text, 6, '0'), 'cl_s' || lpad(n::text, 6, '0'), 'integration',
                encode(sha256(('bench key ' || n)::bytea), 'hex'), now() - (n % 365) * interval '1 day'
           from generate_series(1, $1::int) as n`,
      [s.subUsers],
    );
    // Over the last year, a Sub-user's calls paid by itself (the demo's plans and prices apart).
    await db.query(
      `insert into usage_events (client_id, api_key_id, endpoint_key, operation_id, period, source,
                                 amount_minor, payer_client_id, status, created_at)
         select c, 'key_s' || right(c, 6), 'vin_vehicle', 'getVehicleByVin',
                to_char(at, 'YYYY-MM'), 'balance', 12, c, 'charged', at
           from (select 'cl_s' || lpad((1 + n % $2::int)::text, 6, '0') as c,
                        now() - (n % 525600) * interval '1 minute' as at
                   from generate_series(1, $1::int) as n) as e`,
      [s.rows, s.subUsers],
    );
    await db.query(
      `insert into jobs (id, client_id, family, status, vin, result, created_at, running_at, ready_at, updated_at)
         select 'job_s' || n, 'cl_s' || lpad((1 + n % $2::int)::text, 6, '0'), 'vin_parts',
                'succeeded', 'WVWZZZ1KZ8W000202', '{}'::jsonb, at, at, at, at
           from (select n, now() - (n % 129600) * interval '1 minute' as at
                   from generate_series(1, $1::int) as n) as j`,
      [s.jobs, s.subUsers],
    );
    await db.query("analyze");
  });
}

/** The console's store: the signed-in organization's logs and job records, and usage readings. */
async function seedConsole(url: string, s: Scale) {
  await withDb(url, async (db) => {
    const { rows } = await db.query<{ organization_id: string }>(
      "select organization_id from console_sessions where organization_id is not null limit 1",
    );
    const org = rows[0]!.organization_id;
    await db.query(
      `insert into console_audit_log (client_id, operation_id, target, outcome, error_code, actor, actor_role, organization_id, created_at)
         select $1, ($4::text[])[1 + n % cardinality($4::text[])], 'cl_s' || lpad((1 + n % $3::int)::text, 6, '0'),
                case when n % 17 = 0 then 'failure' else 'success' end,
                case when n % 17 = 0 then 'rate_limit_exceeded' end, 'key holder', 'owner', $5,
                now() - (n % 525600) * interval '1 minute'
           from generate_series(1, $2::int) as n`,
      [MASTER, s.rows, s.subUsers, [...AUDITED_OPERATIONS], org],
    );
    // The request log is kept 30 days: its rows are of the last 30 days.
    await db.query(
      `insert into console_request_log (organization_id, client_id, operation_id, status, error_code, duration_ms, created_at)
         select $1, $2, (array['getClientUsage', 'listClientUsers', 'getVehicleByVin', 'getClientCredits'])[1 + n % 4],
                case when n % 23 = 0 then 429 else 200 end,
                case when n % 23 = 0 then 'rate_limit_exceeded' end, 5 + n % 90,
                now() - (n % 43200) * interval '1 minute' - (n % 60) * interval '1 second'
           from generate_series(1, $3::int) as n`,
      [org, MASTER, s.rows],
    );
    await db.query(
      `insert into console_jobs (id, organization_id, client_id, family, service_job_id, status, input, result, created_at, updated_at)
         select 'cj_' || n, $1, $2, 'vin_parts', 'job_s' || n, 'succeeded',
                '{"vin": "WVWZZZ1KZ8W000202"}'::jsonb, '{}'::jsonb, at, at
           from (select n, now() - (n % 129600) * interval '1 minute' as at
                   from generate_series(1, $3::int) as n) as j`,
      [org, MASTER, s.jobs],
    );
    // Readings of the Sub-users, an hour apart, the newest first for the first Sub-users.
    await db.query(
      `insert into console_usage_readings (client_id, hour, taken_at, source, period_start, period_end, currency, balance_minor, endpoints, plans)
         select 'cl_s' || lpad((1 + n % $2::int)::text, 6, '0'), h, h + interval '5 minutes', 'schedule',
                date_trunc('month', now()), date_trunc('month', now()) + interval '1 month', 'EUR', 10000,
                '[{"endpointKey": "vin_vehicle", "calls": 40, "chargedMinor": 480}]'::jsonb,
                case when n % 11 = 0
                  then '[{"planId": "pl_1", "name": "VIN", "endpointKey": "vin_vehicle", "included": 100, "used": 95, "state": "warning"}]'::jsonb
                  else '[]'::jsonb end
           from (select n, date_trunc('hour', now()) - (n / $2::int) * interval '1 hour' as h
                   from generate_series(0, $1::int - 1) as n) as r`,
      [s.readings, s.subUsers],
    );
    // Each period's last reading is its totals, as taking the readings would have kept them.
    await db.query(
      `insert into console_usage_months (client_id, period_start, period_end, taken_at, currency, endpoints, plans)
         select distinct on (client_id, period_start) client_id, period_start, period_end, taken_at, currency, endpoints, plans
           from console_usage_readings order by client_id, period_start, taken_at desc
         on conflict (client_id, period_start) do update
            set period_end = excluded.period_end, taken_at = excluded.taken_at, currency = excluded.currency,
                endpoints = excluded.endpoints, plans = excluded.plans
          where console_usage_months.taken_at <= excluded.taken_at`,
    );
    await db.query("analyze");
    return org;
  });
}

/** After the index was built: each Sub-user's row carries its latest reading, as reading it would. */
async function noteReadings(url: string) {
  await withDb(url, (db) =>
    db.query(
      `insert into console_sub_user_usage (master_id, sub_user_id, flag, read_at)
         select s.master_id, s.sub_user_id,
                case when r.plans @> '[{"state": "warning"}]' then 'warning' end, r.taken_at
           from (select distinct on (client_id) client_id, taken_at, plans from console_usage_readings
                  order by client_id, taken_at desc) as r
           join console_sub_users s on s.sub_user_id = r.client_id
         on conflict (master_id, sub_user_id) do update set flag = excluded.flag, read_at = excluded.read_at
          where console_sub_user_usage.read_at <= excluded.read_at`,
    ),
  );
}

async function tableSizes(url: string, label: string) {
  return withDb(url, async (db) => {
    await db.query("analyze");
    const { rows } = await db.query<{ name: string; rows: string; size: string }>(
      `select c.relname as name, c.reltuples::bigint::text as rows,
              pg_size_pretty(pg_total_relation_size(c.oid)) as size
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = 'public' and c.reltuples > 500
        order by pg_total_relation_size(c.oid) desc`,
    );
    return rows.map(
      (r) => `${label}.${r.name}: ${Number(r.rows).toLocaleString("en")} rows, ${r.size}`,
    );
  });
}

/** The launcher (which runs the embedded service) and its Next.js server: their peak RSS in MB. */
function peakMemory(launcherPid: number): { service: number; console: number } {
  const hwm = (pid: number) => {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024;
  };
  const children = execFileSync("pgrep", ["-P", String(launcherPid)], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map(Number);
  const next = children
    .map((pid) => ({ pid, cmd: readFileSync(`/proc/${pid}/cmdline`, "utf8") }))
    .find((c) => /next|server/.test(c.cmd) && !/postgres/.test(c.cmd));
  return { service: hwm(launcherPid), console: next ? hwm(next.pid) : NaN };
}

interface Stack {
  scale: Scale;
  url: string;
  serviceUrl: string;
  masterKey: string;
  pid: number;
  serviceDb: string;
  consoleDb: string;
  get: (pagePath: string) => Promise<{ ms: number; body: string }>;
  call: (servicePath: string) => Promise<{ ms: number; bytes: number }>;
  firstView: number;
  stop: () => Promise<void>;
}

/** One console with its embedded service, grown to its scale, signed in, its index built. */
async function startStack(s: Scale, offset: number): Promise<Stack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `vpmi-bench-scale-${s.name}-`));
  chmodSync(dataDir, 0o755);
  const servicePort = SERVICE_PORT + offset;
  const consoleApp = await startConsole(PORT + offset, {
    SERVICE_PORT: String(servicePort),
    SERVICE_DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    // No round runs while the pages are timed; the index is built by the first view.
    CONSOLE_USAGE_READING_SECONDS: "0",
    CONSOLE_SUB_USERS_REFRESH_SECONDS: "86400",
  });
  const demo = JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as {
    accounts: { id: string; apiKey: string }[];
  };
  const masterKey = demo.accounts.find((a) => a.id === "master-admin")!.apiKey;
  const serviceDb = embeddedDatabaseUrl(dataDir, "service");
  const consoleDb = embeddedDatabaseUrl(dataDir, "console");
  let t = performance.now();
  await seedService(serviceDb, s);
  console.log(
    `  ${s.name}: service data grown in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const signInAt = performance.now();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${consoleApp.url}/sign-in`);
  await page.getByLabel("API key").fill(masterKey);
  await page.getByRole("button", { name: "Sign in with the key", exact: true }).click();
  await page.getByRole("heading", { level: 1, name: "Overview" }).waitFor({ timeout: 120_000 });
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  await browser.close();
  t = performance.now();
  await seedConsole(consoleDb, s);
  console.log(
    `  ${s.name}: console data grown in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const get = async (pagePath: string) => {
    const t0 = performance.now();
    const res = await fetch(`${consoleApp.url}${pagePath}`, {
      headers: { cookie, "accept-encoding": "gzip" },
      redirect: "manual",
    });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${s.name} ${pagePath} answered ${res.status}`);
    return { ms: performance.now() - t0, body };
  };
  const call = async (servicePath: string) => {
    // The Master's calls are taken one at a time: one refused while the console's was under way
    // (429 client_request_in_progress) is sent again, and only the answered one is timed.
    for (let attempt = 0; ; attempt++) {
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${servicePort}${servicePath}`, {
        headers: { "X-Api-Key": masterKey },
      });
      // Read to the last byte as a streaming client does, counting, not keeping (a 39 MB
      // arrayBuffer cost this process half a second on two cores shared with the service).
      let bytes = 0;
      const reader = res.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read())
        bytes += read.value.byteLength;
      if (res.status === 429 && attempt < 50) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      if (res.status !== 200) throw new Error(`${s.name} ${servicePath} answered ${res.status}`);
      return { ms: performance.now() - t0, bytes };
    }
  };
  // The console takes the Master's list into its index once signed in (the Overview's grant
  // panel asks for it; a page waits for it 3 s at most): the pages are timed once it has.
  const built = await withDb(consoleDb, async (db) => {
    for (;;) {
      const { rows } = await db.query<{ refresh: number; leased: boolean }>(
        "select refresh, leased_until > now() as leased from console_sub_user_lists where master_id = $1",
        [MASTER],
      );
      if (rows[0] && rows[0].refresh > 0 && !rows[0].leased) return performance.now() - signInAt;
      if (performance.now() - signInAt > 300_000) throw new Error("the index was not built");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  await noteReadings(consoleDb);
  // A year-old database has long been vacuumed: vacuumed here, so autovacuum's first pass over
  // a million fresh rows per table does not run beside the pages while they are timed.
  t = performance.now();
  for (const db of [serviceDb, consoleDb]) await withDb(db, (c) => c.query("vacuum analyze"));
  console.log(`  ${s.name}: vacuumed in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return {
    scale: s,
    url: consoleApp.url,
    serviceUrl: `http://127.0.0.1:${servicePort}`,
    masterKey,
    pid: consoleApp.pid,
    serviceDb,
    consoleDb,
    get,
    call,
    firstView: built,
    async stop() {
      await consoleApp.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The address of page 50 of the audit log (or the last one, if it has fewer), followed by "next". */
async function auditPage50(stack: Stack): Promise<string> {
  let at = "/audit";
  for (let n = 1; n < 50; n++) {
    const next = /href="(\/audit\?next=[^"]+)"/.exec((await stack.get(at)).body)?.[1];
    if (!next) break;
    at = next.replaceAll("&amp;", "&");
  }
  return at;
}

/** Each address read at both scales in turn, `RUNS` times (after one warming read): medians. */
async function sideBySide<T extends { ms: number }>(
  read: (stack: Stack) => Promise<T>,
  stacks: [Stack, Stack],
): Promise<[T & { ms: number }, T & { ms: number }]> {
  const runs: [T[], T[]] = [[], []];
  for (let run = 0; run <= RUNS; run++)
    for (const i of [0, 1] as const) {
      const result = await read(stacks[i]);
      if (run > 0) runs[i].push(result);
    }
  const mid = (xs: T[]) => ({ ...xs.at(-1)!, ms: median(xs.map((x) => x.ms)) });
  return [mid(runs[0]), mid(runs[1])];
}

async function main() {
  const stacks: Stack[] = [];
  try {
    for (const [i, s] of SCALES.entries()) {
      console.log(
        `Growing the ${s.name} scale: ${s.subUsers.toLocaleString("en")} Sub-users, ${s.rows.toLocaleString("en")} rows per growing table, ${s.jobs.toLocaleString("en")} jobs, ${s.readings.toLocaleString("en")} usage readings`,
      );
      stacks.push(await startStack(s, i));
    }
    const both = stacks as [Stack, Stack];
    const [small, large] = both;
    const f = (x: number) => `${x.toFixed(1)} ms`.padStart(10);
    let missed = 0;
    const row = (what: string, a: number, b: number, whole = false) => {
      const ratio = b / a;
      // The whole list grows with the list: its bound is absolute (and its memory, below).
      const met = whole ? b <= LIST_TARGET_MS : ratio <= RATIO_TARGET && b <= TIME_TARGET_MS;
      if (!met) missed++;
      console.log(
        `  ${what.padEnd(60)} ${f(a)} ${f(b)} ${ratio.toFixed(2).padStart(6)}  ${met ? "met" : "NOT met"}`,
      );
    };

    console.log(
      `\nServer time, median of ${RUNS} loads at each scale in turn (targets: large ≤ ${RATIO_TARGET} × small, and ≤ ${TIME_TARGET_MS} ms)`,
    );
    console.log(`  ${"page".padEnd(60)} ${"small".padStart(10)} ${"large".padStart(10)}  ratio`);
    const subUser = "cl_s000042";
    const audit50 = [await auditPage50(small), await auditPage50(large)];
    const pages: [string, (s: Stack, i: number) => string][] = [
      ...MASTER_PAGES.map((p): [string, () => string] => [p, () => p]),
      // Searches that fill a page at both scales (50 of 1,000; 5,000 of 100,000, the most a
      // search sorts): a page of 3 matches beside one of 50 would time what it shows, not the
      // data behind it ("hamburg 42" took 20 ms for 3 rows, 32 ms for 50).
      ["/sub-users?q=werkstatt+hamburg (search)", () => "/sub-users?q=werkstatt+hamburg"],
      [
        "/sub-users?page=(last)",
        (s) => `/sub-users?page=${Math.ceil((s.scale.subUsers + 3) / 50)}`,
      ],
      [
        "/sub-users?sort=created-desc&status=inactive",
        () => "/sub-users?sort=created-desc&status=inactive",
      ],
      [`/sub-users/${subUser}`, () => `/sub-users/${subUser}`],
      ["/audit?outcome=failure", () => "/audit?outcome=failure"],
      ["/audit?next=… (page 50)", (_, i) => audit50[i]!],
      ["/requests?operation=getVehicleByVin", () => "/requests?operation=getVehicleByVin"],
      ["/api/sub-users?q=werkstatt+mü (a keystroke)", () => "/api/sub-users?q=werkstatt+m%C3%BC"],
      // The keystroke before: a quarter of the list matches (250; 25,000), all of it after three
      // quarters of the names, so a search reads past the chunks before them.
      ["/api/sub-users?q=werkstatt (a keystroke)", () => "/api/sub-users?q=werkstatt"],
      [`/api/sub-users?q=${subUser} (a keystroke)`, () => `/api/sub-users?q=${subUser}`],
    ];
    for (const [label, at] of pages) {
      const [a, b] = await sideBySide((s) => s.get(at(s, stacks.indexOf(s))), both);
      row(label, a.ms, b.ms);
    }

    console.log(
      `\nThe service's reading calls with the Master's key (the whole Sub-user list: ≤ ${LIST_TARGET_MS} ms at the large scale)`,
    );
    for (const p of [
      "/client/users",
      "/client/usage",
      "/client/credits",
      `/client/users/${subUser}/usage`,
      "/client/sponsorship-grants",
    ]) {
      const [a, b] = await sideBySide((s) => s.call(p), both);
      row(
        `${p} (${(a.bytes / 1e6).toFixed(2)} → ${(b.bytes / 1e6).toFixed(2)} MB)`,
        a.ms,
        b.ms,
        p === "/client/users",
      );
    }
    console.log(
      `\nFrom signing in to the console's index of the Sub-users built from the service's list (once per Master; a page waits 3 s at most): ${f(small.firstView)} small, ${f(large.firstView)} large`,
    );

    // Under load: four clients at each scale reading the heaviest pages at once, twice over.
    const heavy = ["/", "/sub-users", "/audit", "/requests", "/jobs", `/sub-users/${subUser}`];
    await Promise.all(
      both.flatMap((s) => [
        ...Array.from({ length: 4 }, async (_, i) => {
          for (let round = 0; round < 2; round++)
            for (const p of heavy) await s.get(p === "/sub-users" ? `${p}?q=${i}${round}` : p);
        }),
        // Meanwhile the whole list, twice (a Master's calls are taken one at a time).
        (async () => {
          for (let round = 0; round < 2; round++) await s.call("/client/users");
        })(),
      ]),
    );
    console.log(`\nPeak resident memory (target ≤ ${MEMORY_TARGET_MB} MB at the large scale)`);
    const memory = both.map((s) => peakMemory(s.pid));
    for (const who of ["service", "console"] as const) {
      const met = memory[1]![who] <= MEMORY_TARGET_MB;
      if (!met) missed++;
      console.log(
        `  ${who.padEnd(8)} ${memory[0]![who].toFixed(0).padStart(5)} MB small, ${memory[1]![who].toFixed(0).padStart(5)} MB large  ${met ? "met" : "NOT met"}`,
      );
    }
    console.log(`\nTable sizes at the large scale`);
    for (const line of [
      ...(await tableSizes(large.serviceDb, "service")),
      ...(await tableSizes(large.consoleDb, "console")),
    ])
      console.log(`  ${line}`);
    console.log(missed === 0 ? "\nEvery target met." : `\n${missed} targets NOT met.`);
  } finally {
    for (const s of stacks) await s.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
