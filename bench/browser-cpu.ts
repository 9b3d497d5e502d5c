/**
 * `npx tsx bench/browser-cpu.ts`: what a browser test costs the machine, by Chromium setting.
 *
 * The browser tests are bound by CPU on two cores, most of it Chromium's. This starts one console
 * (as `npm start` does, fresh data), then for each Chromium setting named in
 * `BENCH_BROWSER_SETTINGS` (default: all below) runs the same work a typical test does, in a new
 * context per round as Playwright gives each test: sign in as the Master admin, open the console
 * pages, read each one once hydrated. It prints the wall time and the CPU time every process
 * of the machine spent (from /proc/stat), so the settings compare on what the tests pay.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "@/e2e/support/chromium";
import { MASTER_PAGES } from "@/e2e/support/console-pages";
import { startConsole } from "./start-console";

const PORT = Number(process.env.BENCH_CONSOLE_PORT ?? 3320);
const ROUNDS = Number(process.env.BENCH_BROWSER_ROUNDS ?? 4);

const SETTINGS: Record<string, { args?: string[]; reducedMotion?: "reduce" }> = {
  today: {},
  "no TurboFan": { args: ["--js-flags=--max-opt=1"] },
  "reduced motion": { reducedMotion: "reduce" },
  "no site isolation": {
    args: ["--disable-site-isolation-trials", "--disable-features=IsolateOrigins,site-per-process"],
  },
};

/** Jiffies the whole machine spent busy (user, nice, system, irq, softirq), in seconds. */
function busySeconds(): number {
  const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq] = cpu;
  return (user! + nice! + system! + irq! + softirq!) / 100;
}

/**
 * CPU seconds by process name, each process's own time and its reaped children's (so a renderer
 * that ended counts under the Chromium process that reaped it).
 */
function cpuByName(): Map<string, number> {
  const totals = new Map<string, number>();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    const group = /chrom/i.test(name)
      ? "chromium"
      : /node|next|tsx/.test(name)
        ? "node"
        : /postgres/.test(name)
          ? "postgres"
          : "other";
    totals.set(group, (totals.get(group) ?? 0) + ticks / 100);
  }
  return totals;
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

const dataDir = mkdtempSync(path.join(tmpdir(), "vpmi-bench-browser-"));
const console_ = await startConsole(PORT, {
  SERVICE_DATA_DIR: dataDir,
  SERVICE_PORT: String(PORT + 1000),
  CONSOLE_PUBLIC_URL: `http://127.0.0.1:${PORT}`,
});
const pages = MASTER_PAGES.filter((p) => !p.includes("kind=")).slice(0, 12);
try {
  const chosen = (process.env.BENCH_BROWSER_SETTINGS ?? Object.keys(SETTINGS).join(","))
    .split(",")
    .map((s) => s.trim());
  for (const name of chosen) {
    const setting = SETTINGS[name];
    if (!setting) throw new Error(`no setting ${name}`);
    const browser = await chromium.launch({
      ...CHROMIUM_LAUNCH,
      args: [...CHROMIUM_LAUNCH.args, ...(setting.args ?? [])],
    });
    const wall = performance.now();
    const busy = busySeconds();
    const before = cpuByName();
    for (let round = 0; round < ROUNDS; round++) {
      const context = await browser.newContext({
        baseURL: console_.url,
        reducedMotion: setting.reducedMotion,
      });
      const page = await context.newPage();
      await page.goto("/sign-in");
      await page
        .getByRole("button", { name: /Sign in as Northwind Parts GmbH \(Master admin\)/ })
        .click();
      await page.getByRole("heading", { level: 1, name: "Overview" }).waitFor();
      for (const target of pages) {
        await page.goto(target);
        await hydrated(page);
        await page.locator("main h1").first().waitFor();
      }
      await context.close();
    }
    const seconds = (performance.now() - wall) / 1000;
    const cpu = busySeconds() - busy;
    const after = cpuByName();
    const split = [...after]
      .map(([group, seconds]) => `${group} ${(seconds - (before.get(group) ?? 0)).toFixed(1)}`)
      .join(", ");
    await browser.close();
    console.log(
      `${name.padEnd(20)} ${ROUNDS} rounds of ${pages.length + 1} pages: ${seconds.toFixed(1)} s wall, ${cpu.toFixed(1)} s CPU (${((cpu / seconds) * 50).toFixed(0)} % of 2 cores; ${split})`,
    );
  }
} finally {
  await console_.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
