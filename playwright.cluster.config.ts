import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./e2e/support/chromium";
import { CLUSTER, CLUSTER_ARGS, CLUSTER_ENV } from "./e2e/cluster/cluster-topology";

/**
 * The production topology, walked in Chromium: `npm run start:cluster` with two console and
 * two service instances behind nginx, one PostgreSQL and Prometheus, on a fresh data directory.
 * Run after the main browser tests (`npm run test:cluster`), never beside them.
 */
export default defineConfig({
  testDir: "e2e/cluster",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: ".data/test-reports/cluster.json" }]],
  timeout: 180_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: CLUSTER.console,
    // Under CI only the printed output is read: no trace is recorded there (see playwright.config.ts).
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: [
      `rm -rf "${CLUSTER.dataDir}"`,
      `mkdir -p "${path.dirname(CLUSTER.logFile)}"`,
      `exec node --import tsx scripts/start-cluster.ts ${CLUSTER_ARGS.join(" ")} > "${CLUSTER.logFile}" 2>&1`,
    ].join(" && "),
    url: `${CLUSTER.console}/sign-in`,
    reuseExistingServer: false,
    timeout: 300_000,
    // The launcher stops what it started (nginx, Prometheus, PostgreSQL), then itself.
    gracefulShutdown: { signal: "SIGTERM", timeout: 40_000 },
    env: CLUSTER_ENV,
  },
});
