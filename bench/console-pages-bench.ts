/**
 * `npm run bench:pages`: every console page's server time beside the service round trips it made.
 *
 * The console runs in production against the reference service through a recording proxy, so
 * each call the console makes for a page (typed operations, job status reads, the sandbox check,
 * whatever path it takes) is timed on the wire. Each page is fetched with a session's cookie (the
 * key holder's, then a person's: the owner, whose requests also read their membership) by
 * plain HTTP (no browser: no prefetching, nothing else in flight), and the benchmark prints the
 * server time to the last byte, the time its service round trips took (calls made side by side
 * counted once), and the rest: what the
 * console itself spent (session, rendering, its own store), against the targets: at most 8 ms
 * for the median page and 15 ms for the slowest.
 *
 * The console runs as it does behind `deploy/nginx.conf`, which compresses its pages
 * (`CONSOLE_COMPRESS=off`); `BENCH_PAGES_COMPRESS=on` measures it compressing them itself, as
 * a console serving browsers directly does.
 *
 * Then the same pages are read in the production topology (`npm run start:cluster`: nginx before
 * two consoles and two service instances), through nginx, the consoles' calls recorded on their
 * way to nginx's service front (`CONSOLE_SERVICE_URL`); skipped where nginx is not installed.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { TOTP } from "otpauth";
import { CHROMIUM_LAUNCH } from "@/e2e/support/chromium";
import { MASTER_PAGES } from "@/e2e/support/console-pages";
import { freePort } from "@/lib/net/free-port";
import { startBenchCluster } from "./bench-cluster";
import { startBenchService } from "./bench-service";
import { startConsole } from "./start-console";

const PORT = Number(process.env.BENCH_CONSOLE_PORT ?? 3310);
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 7);
const MEDIAN_TARGET_MS = 8;
const SLOWEST_TARGET_MS = 15;
const COMPRESS = process.env.BENCH_PAGES_COMPRESS === "on" ? "on" : "off";

/** The sign-in page read signed out (the floor of a page that reads no session), then every page. */
const PAGES = ["/sign-in", ...MASTER_PAGES];

interface Trip {
  start: number;
  end: number;
  what: string;
}

/** A pass-through to the service that records when each call started and ended. */
async function recordingProxy(target: URL, trips: Trip[]) {
  const proxy = createServer((req, res) => {
    const start = performance.now();
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on("end", () =>
          trips.push({ start, end: performance.now(), what: `${req.method} ${req.url}` }),
        );
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

/** Time during which at least one call was under way: calls made side by side count once. */
function coveredMs(trips: Trip[]): number {
  let covered = 0;
  let reach = -Infinity;
  for (const t of [...trips].sort((a, b) => a.start - b.start)) {
    if (t.end <= reach) continue;
    covered += t.end - Math.max(t.start, reach);
    reach = t.end;
  }
  return covered;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** What `measurePages` measures against: a console's address, its key and its recorded calls. */
interface Topology {
  base: string;
  masterKey: string;
  trips: Trip[];
}

type PageTimes = { server: number; trips: number; count: number; rest: number };
type PageRow = { path: string; key: PageTimes; person: PageTimes };

/** Every page's times, signed in with the key and as a person (see above). */
async function measurePages({ base, masterKey, trips }: Topology): Promise<PageRow[]> {
  // Signing in is a server action: done once in Chromium per session, then the cookie is
  // reused. Two sessions: the key holder's, and a person's (the owner, who became one in a
  // second browser), whose every request also reads their membership and organization.
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const signIn = async (asPerson: boolean) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/sign-in`);
    await page.getByLabel("API key").fill(masterKey);
    await page.getByRole("button", { name: "Sign in with the key", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Overview" }).waitFor();
    if (asPerson) {
      await page.goto(`${base}/organization`);
      const become = page.getByRole("form", { name: "Become the owner" });
      await become.getByLabel("Your name").fill("Bench Owner");
      await become.getByLabel("Your email address").fill("owner@bench.example");
      await become.getByLabel("A password").fill("correct horse battery staple 42");
      const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
      await become
        .getByLabel("Code from your authenticator app")
        .fill(new TOTP({ secret }).generate());
      await become.getByRole("button", { name: "Become the owner" }).click();
      await page
        .getByTestId("signed-in-person")
        .getByText("Bench Owner, owner")
        .waitFor()
        .catch(async (error: unknown) => {
          throw new Error(`becoming the owner failed: ${await become.innerText()}`, {
            cause: error,
          });
        });
    }
    return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  };
  const sessions = { key: await signIn(false), person: await signIn(true) };
  await browser.close();

  /** One page's median server time, service time and console time, over `RUNS` loads. */
  const measure = async (pagePath: string, cookie: string | undefined): Promise<PageTimes> => {
    const server: number[] = [];
    const tripSums: number[] = [];
    const rests: number[] = [];
    let count = 0;
    for (let run = 0; run <= RUNS; run++) {
      trips.length = 0;
      const t0 = performance.now();
      const res = await fetch(`${base}${pagePath}`, {
        headers: { ...(cookie ? { cookie } : {}), "accept-encoding": "gzip, deflate, br" },
        redirect: "manual",
      });
      await res.arrayBuffer();
      const t1 = performance.now();
      if (res.status !== 200) throw new Error(`${pagePath} answered ${res.status}`);
      const own = trips.filter((t) => t.start >= t0 && t.end <= t1);
      const sum = coveredMs(own);
      // The first load of each page warms it (compiled chunks, caches): not counted.
      if (run === 0) continue;
      server.push(t1 - t0);
      tripSums.push(sum);
      rests.push(t1 - t0 - sum);
      count = own.length;
    }
    return { server: median(server), trips: median(tripSums), count, rest: median(rests) };
  };

  const rows: PageRow[] = [];
  for (const pagePath of PAGES) {
    // The sign-in page is read signed out: the floor of a page that reads no session.
    if (pagePath === "/sign-in") {
      const floor = await measure(pagePath, undefined);
      rows.push({ path: pagePath, key: floor, person: floor });
      continue;
    }
    rows.push({
      path: pagePath,
      key: await measure(pagePath, sessions.key),
      person: await measure(pagePath, sessions.person),
    });
  }
  return rows;
}

/** The table of one topology's pages, and its median and slowest page against the targets. */
function report(title: string, rows: PageRow[]) {
  console.log(`\n${title}`);
  console.log(
    `  ${"page".padEnd(58)} ${"server".padStart(9)} ${"service".padStart(9)} calls ${"console".padStart(9)} ${"(person)".padStart(9)}`,
  );
  const f = (x: number) => `${x.toFixed(1)} ms`.padStart(9);
  for (const r of rows) {
    console.log(
      `  ${r.path.padEnd(58)} ${f(r.key.server)} ${f(r.key.trips)} ${String(r.key.count).padStart(5)} ${f(r.key.rest)} ${f(r.person.rest)}`,
    );
  }
  // The sign-in page reads no session: the floor any page pays, not one of the console's pages.
  const signedIn = rows.filter((r) => r.path !== "/sign-in");
  const verdict = (value: number, target: number) =>
    `${value.toFixed(1)} ms (target ≤ ${target} ms: ${value <= target ? "met" : "NOT met"})`;
  for (const who of ["key", "person"] as const) {
    const middle = median(signedIn.map((r) => r[who].rest));
    const slowest = signedIn.reduce((a, b) => (b[who].rest > a[who].rest ? b : a));
    console.log(
      `  ${who === "key" ? "with the key" : "as a person"}: console time of the median page ${verdict(middle, MEDIAN_TARGET_MS)}; of the slowest (${slowest.path}) ${verdict(slowest[who].rest, SLOWEST_TARGET_MS)}`,
    );
  }
}

/** One console on one service instance, the console compressing its pages or not (`COMPRESS`). */
async function oneInstance() {
  const bench = await startBenchService("pages");
  const trips: Trip[] = [];
  const proxy = await recordingProxy(new URL(bench.service.url), trips);
  const dataDir = mkdtempSync(path.join(tmpdir(), "vpmi-bench-pages-"));
  chmodSync(dataDir, 0o755);
  const consoleApp = await startConsole(PORT, {
    SERVICE_URL: proxy.url,
    SERVICE_DATA_DIR: dataDir,
    CONSOLE_COMPRESS: COMPRESS,
    // As shipped: a log line per request.
    LOG_LEVEL: "info",
  });
  try {
    const rows = await measurePages({
      base: consoleApp.url,
      masterKey: bench.key("master-admin"),
      trips,
    });
    report(
      `One console, one service instance: server time to the last byte (median of ${RUNS} loads) and the service round trips in it, signed in with the key and as a person; the console compressing its pages: ${COMPRESS}`,
      rows,
    );
  } finally {
    await consoleApp.stop();
    await proxy.close();
    await bench.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The production topology (`npm run start:cluster`: nginx before two consoles and two service
 * instances); the pages are read through nginx, and the consoles' calls recorded on their way to
 * nginx's service front.
 */
async function productionTopology() {
  const servicePort = await freePort();
  const trips: Trip[] = [];
  const proxy = await recordingProxy(new URL(`http://127.0.0.1:${servicePort}`), trips);
  try {
    const cluster = await startBenchCluster({
      consoles: 2,
      payers: 0,
      servicePort,
      consoleServiceUrl: proxy.url,
    });
    if ("skipped" in cluster) {
      console.log(`\nThe production topology: skipped, ${cluster.skipped}`);
      return;
    }
    try {
      const rows = await measurePages({
        base: cluster.consoleUrl,
        masterKey: cluster.masterKey,
        trips,
      });
      report(
        "The production topology (npm run start:cluster: nginx before two consoles and two service instances, nginx compressing the pages), read through nginx:",
        rows,
      );
    } finally {
      await cluster.stop();
    }
  } finally {
    await proxy.close();
  }
}

async function main() {
  await oneInstance();
  await productionTopology();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
