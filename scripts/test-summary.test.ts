import type { JSONReport } from "@playwright/test/reporter";
import type { JsonTestResults } from "vitest/reporters";
import { describe, expect, it } from "vitest";
import { addReport, summaryLine, type Tally } from "./test-summary";

const empty = (): Tally => ({ passed: 0, failed: 0, flaky: 0, skipped: 0, flakyTests: [] });

const spec = (file: string, title: string, status: "expected" | "unexpected" | "flaky") => ({
  tags: [],
  title,
  ok: status !== "unexpected",
  id: title,
  file,
  line: 1,
  column: 1,
  tests: [
    {
      timeout: 1,
      annotations: [],
      expectedStatus: "passed" as const,
      projectName: "chromium",
      projectId: "chromium",
      results: [],
      status,
    },
  ],
});

const playwright = {
  config: {} as JSONReport["config"],
  errors: [],
  stats: { startTime: "", duration: 1, expected: 3, unexpected: 1, flaky: 1, skipped: 2 },
  suites: [
    {
      title: "people.spec.ts",
      file: "people.spec.ts",
      line: 0,
      column: 0,
      specs: [spec("people.spec.ts", "an owner signs in", "expected")],
      suites: [
        {
          title: "passkeys",
          file: "people.spec.ts",
          line: 3,
          column: 1,
          specs: [
            spec("people.spec.ts", "a new admin joins with a passkey", "flaky"),
            spec("people.spec.ts", "a wrong code is refused", "unexpected"),
          ],
        },
      ],
    },
  ],
} satisfies JSONReport;

const vitest = {
  numPassedTests: 10,
  numFailedTests: 2,
  numPendingTests: 1,
  numTodoTests: 1,
} as JsonTestResults;

describe("the test summary", () => {
  it("counts Playwright's flaky tests apart and names each, with its describe", () => {
    const tally = empty();
    addReport(tally, playwright);
    expect(tally).toEqual({
      passed: 3,
      failed: 1,
      flaky: 1,
      skipped: 2,
      flakyTests: ["people.spec.ts › passkeys › a new admin joins with a passkey"],
    });
  });

  it("adds Vitest's counts to Playwright's, in one line", () => {
    const tally = empty();
    addReport(tally, playwright);
    addReport(tally, vitest);
    expect(summaryLine(tally)).toBe("Tests: 13 passed, 3 failed, 1 flaky, 4 skipped");
    expect(summaryLine(empty())).toBe("Tests: 0 passed, 0 failed, 0 flaky");
  });

  it("refuses a file that is neither runner's report", () => {
    expect(() => addReport(empty(), { hello: 1 })).toThrow(/not a Vitest or Playwright/);
  });
});
