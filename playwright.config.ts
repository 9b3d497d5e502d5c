import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./e2e/support/chromium";
import {
  CONSOLE_LOG_FILE,
  HTTPS_PORT,
  PORT,
  SANDBOX_ONLY_PORT,
  SANDBOX_ONLY_SERVICE_PORT,
  SERVICE_PORT,
} from "./e2e/support/ports";

/**
 * End-to-end tests run the console exactly as `npm start` does, against the embedded reference
 * service, in Debian's Chromium. The data directory is wiped first: every run has a fresh database.
 */
export const E2E_DATA_DIR = path.resolve(".data/e2e");
const E2E_HTTPS_DATA_DIR = path.resolve(".data/e2e-https");
const E2E_SANDBOX_ONLY_DATA_DIR = path.resolve(".data/e2e-sandbox-only");

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: [
    {
      // Its log is kept so tests can check what it never writes (keys, personal documents).
      command: `rm -rf "${E2E_DATA_DIR}" && mkdir -p "${path.dirname(CONSOLE_LOG_FILE)}" && exec node_modules/.bin/tsx scripts/start.ts > "${CONSOLE_LOG_FILE}"`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        SERVICE_PORT: String(SERVICE_PORT),
        SERVICE_DATA_DIR: E2E_DATA_DIR,
        LOG_LEVEL: "info",
        // Jobs finish quickly so polling is seen in a few seconds.
        SERVICE_JOB_DURATION_MS: "2500",
        // The scheduled usage reading runs often enough to be seen within a test.
        CONSOLE_USAGE_READING_SECONDS: "10",
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
    {
      // Started after the first, so it reuses its build and talks to its service.
      command: `rm -rf "${E2E_HTTPS_DATA_DIR}" && exec node_modules/.bin/tsx scripts/start.ts`,
      url: `https://127.0.0.1:${HTTPS_PORT}/sign-in`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(HTTPS_PORT),
        SERVICE_URL: `http://127.0.0.1:${SERVICE_PORT}`,
        SERVICE_DATA_DIR: E2E_HTTPS_DATA_DIR,
        CONSOLE_HTTPS: "1",
        LOG_LEVEL: "warn",
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
    {
      // Its own embedded service, whose sandbox controls serve sandbox keys only.
      command: `rm -rf "${E2E_SANDBOX_ONLY_DATA_DIR}" && exec node_modules/.bin/tsx scripts/start.ts`,
      url: `http://127.0.0.1:${SANDBOX_ONLY_PORT}/sign-in`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(SANDBOX_ONLY_PORT),
        SERVICE_PORT: String(SANDBOX_ONLY_SERVICE_PORT),
        SERVICE_DATA_DIR: E2E_SANDBOX_ONLY_DATA_DIR,
        SERVICE_SANDBOX_CONTROLS: "sandbox",
        // The usage schedule has nothing to show here.
        CONSOLE_USAGE_READING_SECONDS: "0",
        LOG_LEVEL: "warn",
        NEXT_TELEMETRY_DISABLED: "1",
      },
    },
  ],
});
