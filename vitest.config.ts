import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // Outside Next's server bundle "server-only" would throw; in unit tests everything is server code.
      "server-only": `${root}test/support/server-only.ts`,
    },
  },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", ".data/**"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    pool: "forks",
    maxWorkers: 2,
    // The JSON report feeds the one-line summary of `npm test` (scripts/test-summary.ts).
    reporters: ["default", "json"],
    outputFile: { json: process.env.VITEST_REPORT ?? ".data/test-reports/unit.json" },
  },
});
