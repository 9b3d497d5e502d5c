import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { JSONReport, JSONReportSuite } from "@playwright/test/reporter";
import type { JsonTestResults } from "vitest/reporters";

/**
 * The last line of `npm test` and of CI: how many tests passed, failed and were flaky (passed
 * only when run again), read from the JSON reports each runner wrote in this run. A flaky test
 * is named, never hidden behind its retry.
 */
export const REPORT_DIR = path.resolve(".data/test-reports");

export interface Tally {
  passed: number;
  failed: number;
  flaky: number;
  skipped: number;
  /** Titles of flaky tests, as `file › title`. */
  flakyTests: string[];
}

function flakyIn(suite: JSONReportSuite, trail: string[], into: string[]) {
  // A file's own suite is titled with its path, which each spec names already.
  const here = trail.length || suite.title !== suite.file ? [...trail, suite.title] : trail;
  for (const spec of suite.specs)
    if (spec.tests.some((t) => t.status === "flaky"))
      into.push([spec.file, ...here, spec.title].join(" › "));
  for (const child of suite.suites ?? []) flakyIn(child, here, into);
}

/** Adds one runner's report (Vitest's or Playwright's JSON) to the tally. */
export function addReport(tally: Tally, report: unknown): void {
  if (report && typeof report === "object" && "numPassedTests" in report) {
    const r = report as JsonTestResults;
    tally.passed += r.numPassedTests;
    tally.failed += r.numFailedTests;
    tally.skipped += r.numPendingTests + r.numTodoTests;
    return;
  }
  if (report && typeof report === "object" && "stats" in report && "suites" in report) {
    const r = report as JSONReport;
    tally.passed += r.stats.expected;
    tally.failed += r.stats.unexpected;
    tally.flaky += r.stats.flaky;
    tally.skipped += r.stats.skipped;
    for (const suite of r.suites) flakyIn(suite, [], tally.flakyTests);
    return;
  }
  throw new Error("not a Vitest or Playwright JSON report");
}

export function summaryLine(t: Tally): string {
  const skipped = t.skipped ? `, ${t.skipped} skipped` : "";
  return `Tests: ${t.passed} passed, ${t.failed} failed, ${t.flaky} flaky${skipped}`;
}

function main() {
  const tally: Tally = { passed: 0, failed: 0, flaky: 0, skipped: 0, flakyTests: [] };
  const files = existsSync(REPORT_DIR)
    ? readdirSync(REPORT_DIR).filter((f) => f.endsWith(".json"))
    : [];
  for (const file of files.sort()) {
    try {
      addReport(tally, JSON.parse(readFileSync(path.join(REPORT_DIR, file), "utf8")));
    } catch (error) {
      console.log(`(${file} could not be read: ${(error as Error).message})`);
    }
  }
  if (tally.flakyTests.length) {
    console.log("\nFlaky (failed, then passed when run again):");
    for (const title of tally.flakyTests) console.log(`  ${title}`);
  }
  console.log(`\n${summaryLine(tally)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
