/**
 * `npm run bench:sub-users`: the Sub-users page with 10,000 Sub-users.
 * Prints the page's server time (Navigation Timing in Chromium: request start to first byte and
 * to last byte), the service's list call alone (read whole after every Sub-user changed, brought
 * up to date after one changed, and served again unchanged),
 * the HTML size, and the time from a keystroke in the search box to the updated list being
 * painted, each with its target from the performance issue; then one Sub-user's page and the
 * form to issue a grant (which offers the Sub-users as beneficiaries), which have none.
 */
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import pg from "pg";
import { embeddedDatabaseUrl } from "@/lib/db/postgres-server";
import { CHROMIUM_LAUNCH } from "@/e2e/support/chromium";
import { startConsole } from "./start-console";

const COUNT = Number(process.env.BENCH_SUB_USERS ?? 10_000);
const PORT = 3300;
const SERVICE_PORT = 4300;

// A keystroke answered from the browser's own cache has no request: its timings are NaN, left out.
const sorted = (xs: number[]) => xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(sorted(xs).length / 2)] ?? NaN;
const p90 = (xs: number[]) =>
  sorted(xs)[Math.min(sorted(xs).length - 1, Math.floor(sorted(xs).length * 0.9))] ?? NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function seed(dataDir: string) {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir, "service") });
  await client.connect();
  const ids = Array.from({ length: COUNT }, (_, i) => `cl_bench_${String(i).padStart(5, "0")}`);
  const names = ids.map(
    (_, i) => `Bench workshop ${i} ${["Berlin", "Hamburg", "Munich", "Cologne", "Leipzig"][i % 5]}`,
  );
  await client.query(
    `insert into clients (id, name, parent_id, is_active) select id, name, 'cl_demo_northwind', (n % 7 <> 0)
       from unnest($1::text[], $2::text[]) with ordinality as t(id, name, n)`,
    [ids, names],
  );
  await client.query(
    `insert into api_keys (id, client_id, label, key_hash) select 'key_' || id, id, 'integration', h from unnest($1::text[], $2::text[]) as t(id, h)`,
    [ids, ids.map(() => createHash("sha256").update(randomBytes(16)).digest("hex"))],
  );
  await client.end();
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vpmi-bench-ui-"));
  chmodSync(dataDir, 0o755);
  const consoleApp = await startConsole(PORT, {
    SERVICE_PORT: String(SERVICE_PORT),
    SERVICE_DATA_DIR: dataDir,
  });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    await seed(dataDir);
    const demo = JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8")) as {
      accounts: { id: string; apiKey: string }[];
    };
    const masterKey = demo.accounts.find((a) => a.id === "master-admin")!.apiKey;

    // The list as the service reads it: whole (after every Sub-user changed at once, in the
    // database), brought up to date after one Sub-user was renamed (only that one read again),
    // and served again while nothing in it changed (kept under its version).
    const list = async () => {
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${SERVICE_PORT}/client/users`, {
        headers: { "X-Api-Key": masterKey },
      });
      const bytes = (await res.text()).length;
      return { ms: performance.now() - t0, bytes };
    };
    const database = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir, "service") });
    await database.connect();
    const wholeTimes: number[] = [];
    const patchedTimes: number[] = [];
    const keptTimes: number[] = [];
    let listBytes = 0;
    for (let i = 0; i < 6; i++) {
      await database.query(
        "update clients set updated_at = now() where parent_id = 'cl_demo_northwind'",
      );
      const whole = await list();
      wholeTimes.push(whole.ms);
      listBytes = whole.bytes;
    }
    await database.end();
    for (let i = 0; i < 6; i++) {
      const renamed = await fetch(`http://127.0.0.1:${SERVICE_PORT}/client/users/cl_bench_00001`, {
        method: "PATCH",
        headers: { "X-Api-Key": masterKey, "Content-Type": "application/json" },
        body: JSON.stringify({ name: `Bench workshop 1 Hamburg (${i})` }),
      });
      if (!renamed.ok) throw new Error(`rename answered ${renamed.status}`);
      patchedTimes.push((await list()).ms);
      keptTimes.push((await list()).ms);
    }

    const page = await browser.newPage();
    // tsx (esbuild) names functions with a `__name` helper that does not exist in the page.
    await page.addInitScript("window.__name = (f) => f");
    await page.goto(`http://127.0.0.1:${PORT}/sign-in`);
    await page.getByRole("button", { name: /Master admin/ }).click();
    await page.getByRole("heading", { level: 1, name: "Overview" }).waitFor();

    const ttfb: number[] = [];
    const total: number[] = [];
    let htmlBytes = 0;
    for (let i = 0; i < 8; i++) {
      const response = await page.goto(`http://127.0.0.1:${PORT}/sub-users`);
      htmlBytes = (await response!.body()).length;
      const t = await page.evaluate(() => {
        const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return { ttfb: n.responseStart - n.requestStart, total: n.responseEnd - n.requestStart };
      });
      if (i > 0) {
        ttfb.push(t.ttfb);
        total.push(t.total);
      }
    }
    const countText = await page.getByTestId("sub-user-count").textContent();

    // One Sub-user's page, as an admin opens it from the list (the interface has no single read).
    const detail: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await page.goto(`http://127.0.0.1:${PORT}/sub-users/cl_bench_00002`);
      if (!response?.ok()) throw new Error(`the Sub-user's page answered ${response?.status()}`);
      const t = await page.evaluate(() => {
        const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return n.responseEnd - n.requestStart;
      });
      if (i > 0) detail.push(t);
    }
    // The form to issue a grant offers the Sub-users as beneficiaries (a page of them, and a search).
    const grantForm: number[] = [];
    let grantFormBytes = 0;
    for (let i = 0; i < 8; i++) {
      const response = await page.goto(`http://127.0.0.1:${PORT}/grants/new`);
      if (!response?.ok()) throw new Error(`the grant form answered ${response?.status()}`);
      grantFormBytes = (await response.body()).length;
      const t = await page.evaluate(() => {
        const n = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        return n.responseEnd - n.requestStart;
      });
      if (i > 0) grantForm.push(t);
    }
    await page.goto(`http://127.0.0.1:${PORT}/sub-users`);

    // The list's page endpoint alone, as a keystroke calls it (search, filter, sort on the server).
    const endpoint: number[] = await page.evaluate(async () => {
      const times: number[] = [];
      for (const q of ["B", "Bench workshop 12", "Hamburg", "zzz", "cl_bench_0999", "", "Be"]) {
        for (let i = 0; i < 3; i++) {
          const t0 = performance.now();
          await (await fetch(`/api/sub-users?q=${encodeURIComponent(q)}`)).text();
          times.push(performance.now() - t0);
        }
      }
      return times;
    });

    const keystrokes: number[] = [];
    const answered: number[] = [];
    const requested: number[] = [];
    const sessionTimes: number[] = [];
    const pageTimes: number[] = [];
    for (const query of [
      "B",
      "Be",
      "Ben",
      "Bench workshop 1",
      "Bench workshop 12",
      "Bench workshop 123",
      "Hamburg",
      "cl_bench_0999",
      "zzz",
      "",
    ]) {
      const timing = await page.evaluate(async (value) => {
        const input = document.querySelector('input[type="search"]') as HTMLInputElement;
        const status = document.querySelector('[data-testid="sub-user-count"]')!;
        const before = status.textContent;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
        const t0 = performance.now();
        setter.call(input, value);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        await new Promise<void>((resolve) => {
          const done = () => requestAnimationFrame(() => setTimeout(resolve, 0));
          if (status.textContent !== before) return done();
          const observer = new MutationObserver(() => {
            if (status.textContent !== before) {
              observer.disconnect();
              done();
            }
          });
          observer.observe(status, { childList: true, characterData: true, subtree: true });
          setTimeout(() => {
            observer.disconnect();
            resolve();
          }, 5_000);
        });
        const total = performance.now() - t0;
        const call = performance
          .getEntriesByType("resource")
          .filter((e) => e.name.includes("/api/sub-users") && e.startTime >= t0)
          .at(-1) as PerformanceResourceTiming | undefined;
        const server = (name: string) =>
          call?.serverTiming.find((t) => t.name === name)?.duration ?? NaN;
        return {
          total,
          session: server("session"),
          page: server("page"),
          requested: call ? call.startTime - t0 : NaN,
          answered: call ? call.responseEnd - t0 : NaN,
        };
      }, query);
      keystrokes.push(timing.total);
      requested.push(timing.requested);
      answered.push(timing.answered);
      sessionTimes.push(timing.session);
      pageTimes.push(timing.page);
    }

    const verdict = (value: number, target: number, unit: string) =>
      `target < ${target} ${unit}  ${value < target ? "met" : "NOT met"}`;
    const row = (what: string, xs: number[], target?: number) =>
      console.log(
        `  ${what.padEnd(46)} median ${ms(median(xs)).padStart(9)}, p90 ${ms(p90(xs)).padStart(9)}` +
          (target === undefined ? "" : `  ${verdict(median(xs), target, "ms")}`),
      );
    console.log(
      `Sub-users page with ${COUNT.toLocaleString("en")} Sub-users (${countText?.trim()}), ${(listBytes / 1e6).toFixed(1)} MB of list JSON`,
    );
    row("service GET /client/users, unchanged list", keptTimes, 100);
    row("service GET /client/users, one Sub-user changed", patchedTimes, 100);
    row("service GET /client/users, all changed (whole)", wholeTimes, 100);
    row("page server time to first byte", ttfb);
    row("page server time to last byte", total, 300);
    console.log(
      `  ${"page HTML".padEnd(46)} ${(htmlBytes / 1e3).toFixed(0).padStart(6)} kB  ${verdict(htmlBytes / 1e3, 100, "kB")}`,
    );
    row("one Sub-user's page, server time to last byte", detail);
    row("grant form page, server time to last byte", grantForm);
    console.log(
      `  ${"grant form page HTML".padEnd(46)} ${(grantFormBytes / 1e3).toFixed(0).padStart(6)} kB`,
    );
    row("page endpoint (one search) alone", endpoint);
    row(`search keystroke to painted list (${keystrokes.length} keys)`, keystrokes, 50);
    row("  of which: keystroke to request sent", requested);
    row("  of which: keystroke to answer received", answered);
    row("  of which: console server reading the session", sessionTimes);
    row("  of which: console server finding the page", pageTimes);
  } finally {
    await browser.close();
    await consoleApp.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
