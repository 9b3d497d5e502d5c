import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./e2e/support/chromium";
import { CLUSTER } from "./e2e/cluster/cluster-topology";

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
      `exec node --import tsx scripts/start-cluster.ts --consoles 2 --services 2 --prometheus > "${CLUSTER.logFile}" 2>&1`,
    ].join(" && "),
    url: `${CLUSTER.console}/sign-in`,
    reuseExistingServer: false,
    timeout: 300_000,
    env: {
      PORT: String(CLUSTER.consolePort),
      SERVICE_PORT: String(CLUSTER.servicePort),
      PROMETHEUS_PORT: String(CLUSTER.prometheusPort),
      SERVICE_DATA_DIR: CLUSTER.dataDir,
      LOG_LEVEL: "info",
      NEXT_TELEMETRY_DISABLED: "1",
      // Rounds every 3 s, so "once across instances" is seen within a test.
      CONSOLE_USAGE_READING_SECONDS: "3",
      // A stopping console says it drains for a second before it stops taking connections; a
      // service instance drains for the launcher's 3 s (longer than nginx keeps an idle
      // connection to it).
      CONSOLE_DRAIN_SECONDS: "1",
    },
  },
});
