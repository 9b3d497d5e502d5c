import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./e2e/support/chromium";
import {
  CONSOLE_LOG_FILE,
  DNS_PORT,
  HTTPS_PORT,
  OTLP_SINK_PORT,
  PORT,
  SANDBOX_ONLY_PORT,
  SANDBOX_ONLY_SERVICE_PORT,
  SECOND_CONSOLE_LOG_FILE,
  SECOND_CONSOLE_PORT,
  SERVICE_PORT,
} from "./e2e/support/ports";

/**
 * End-to-end tests run the console exactly as `npm start` does, against the embedded reference
 * service, in Debian's Chromium. The data directory is wiped first: every run has a fresh database.
 */
export const E2E_DATA_DIR = path.resolve(".data/e2e");
const E2E_HTTPS_DATA_DIR = path.resolve(".data/e2e-https");
const E2E_SANDBOX_ONLY_DATA_DIR = path.resolve(".data/e2e-sandbox-only");
const E2E_SECOND_DATA_DIR = path.resolve(".data/e2e-second");

/** A console started as `npm start` starts it, on a fresh data directory. */
function consoleServer(o: {
  dataDir: string;
  /** The launcher to run, `scripts/start.ts` unless told. */
  start?: string;
  port: number;
  env: Record<string, string>;
  https?: boolean;
  logTo?: string;
  /** The page that answers once it is ready. */
  readyPath?: string;
  /**
   * Leave `CONSOLE_PUBLIC_URL` to the launcher (`http://localhost:PORT`, what `npm start`
   * prints). Unless told, the tests reach a console at 127.0.0.1 and set its public address
   * there, as whoever runs a console at an address of their own does: invitation links, the
   * VIN flow's and single sign-on's return addresses then stay on the address the test uses.
   */
  publicUrlAsPrinted?: boolean;
  timeout?: number;
}) {
  const start = `exec node_modules/.bin/tsx ${o.start ?? "scripts/start.ts"}`;
  return {
    command: o.logTo
      ? `rm -rf "${o.dataDir}" && mkdir -p "${path.dirname(o.logTo)}" && ${start} > "${o.logTo}"`
      : `rm -rf "${o.dataDir}" && ${start}`,
    url: `${o.https ? "https" : "http"}://127.0.0.1:${o.port}${o.readyPath ?? "/sign-in"}`,
    ignoreHTTPSErrors: o.https,
    reuseExistingServer: false,
    timeout: o.timeout ?? 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(o.port),
      SERVICE_DATA_DIR: o.dataDir,
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      ...(o.publicUrlAsPrinted
        ? {}
        : { CONSOLE_PUBLIC_URL: `${o.https ? "https" : "http"}://127.0.0.1:${o.port}` }),
      ...o.env,
    },
  };
}

export default defineConfig({
  testDir: "e2e",
  // The cluster's own run (playwright.cluster.config.ts) starts its topology first.
  testIgnore: "cluster/**",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // The JSON report feeds the one-line summary of `npm test` (scripts/test-summary.ts).
  reporter: [["list"], ["json", { outputFile: ".data/test-reports/e2e.json" }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace costs every test some 7 %; under CI (whose artifacts nobody opens, only
    // its printed output) only a retry records one, so a failure that repeats comes with a trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: CHROMIUM_LAUNCH,
    // The browser's languages pick the console's (issue 40): pinned, so no machine's own decide.
    locale: "en-GB",
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: [
    // Its log is kept so tests can check what it never writes (keys, personal documents).
    consoleServer({
      dataDir: E2E_DATA_DIR,
      port: PORT,
      logTo: CONSOLE_LOG_FILE,
      readyPath: "/",
      timeout: 240_000,
      env: {
        SERVICE_PORT: String(SERVICE_PORT),
        LOG_LEVEL: "info",
        // Jobs finish quickly so polling is seen in a few seconds.
        SERVICE_JOB_DURATION_MS: "2500",
        // The scheduled usage reading runs often enough to be seen within a test.
        CONSOLE_USAGE_READING_SECONDS: "10",
        // So does the round that takes Sub-user lists from the service.
        CONSOLE_SUB_USERS_REFRESH_SECONDS: "10",
        CONSOLE_DNS_SERVERS: `127.0.0.1:${DNS_PORT}`,
      },
    }),
    // Started after the first, so it reuses its build and talks to its service.
    consoleServer({
      dataDir: E2E_HTTPS_DATA_DIR,
      port: HTTPS_PORT,
      https: true,
      env: { SERVICE_URL: `http://127.0.0.1:${SERVICE_PORT}`, CONSOLE_HTTPS: "1" },
    }),
    // Its own embedded service, whose sandbox controls serve sandbox keys only; the usage
    // schedule has nothing to show there. Its public address is the one `npm start` prints
    // (localhost), so the newcomer's passkeys and VIN flow are tried on it.
    consoleServer({
      dataDir: E2E_SANDBOX_ONLY_DATA_DIR,
      port: SANDBOX_ONLY_PORT,
      publicUrlAsPrinted: true,
      env: {
        SERVICE_PORT: String(SANDBOX_ONLY_SERVICE_PORT),
        SERVICE_SANDBOX_CONTROLS: "sandbox",
        CONSOLE_USAGE_READING_SECONDS: "0",
        // As any deployment: identity providers on the internet only.
        CONSOLE_SSO_ALLOW_PRIVATE_NETWORKS: "0",
      },
    }),
    // A second instance of the first console (its service, store and session secret), started
    // once the first runs; it takes no usage readings of its own. It exports its spans to the
    // loopback sink a test starts (nothing listens there otherwise: its exports are dropped),
    // a fifth of a second after they end, and keeps its log, so that test can read both.
    consoleServer({
      dataDir: E2E_SECOND_DATA_DIR,
      port: SECOND_CONSOLE_PORT,
      start: `e2e/support/start-second-console.ts ${E2E_DATA_DIR}`,
      logTo: SECOND_CONSOLE_LOG_FILE,
      env: {
        SERVICE_URL: `http://127.0.0.1:${SERVICE_PORT}`,
        CONSOLE_USAGE_READING_SECONDS: "0",
        CONSOLE_DNS_SERVERS: `127.0.0.1:${DNS_PORT}`,
        CONSOLE_SSO_ALLOW_PRIVATE_NETWORKS: "1",
        LOG_LEVEL: "info",
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${OTLP_SINK_PORT}`,
        OTEL_BSP_SCHEDULE_DELAY: "200",
      },
    }),
  ],
});
