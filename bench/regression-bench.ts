/**
 * `npm run bench:regression`: the service as it is beside the service as it was, in one run.
 *
 * A machine's floors move by a fifth from one hour to the next, so a ratio measured today
 * against a figure written down on another day says little. This runs `npm run bench`'s own
 * script in a worktree of a reference commit (`BENCH_REFERENCE`, by default the last one before
 * people, organizations and the production topology were added) and in this tree, in the order
 * reference, this, this, reference, and sets each run's two ratios side by side: `GET /ping`
 * against PostgreSQL's `select 1` round trips, and a billable call against one durable commit.
 * Each tree measures its own floors in the same minute, so the drift of the machine cancels out.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "../scripts/launcher";

const REFERENCE = process.env.BENCH_REFERENCE ?? "09d4fb1";
/** This tree's ratio against the reference's at or above which the call did not regress. */
const KEPT = 0.9;

interface Ratios {
  ping: number;
  billable: number;
}

/** A worktree of the reference commit, sharing this tree's installed packages. */
function referenceTree(): string {
  const sha = execFileSync("git", ["rev-parse", "--short", `${REFERENCE}^{commit}`], {
    cwd: ROOT,
    encoding: "utf8",
  }).trim();
  const dir = path.join(tmpdir(), `vpmi-bench-reference-${sha}`);
  if (!existsSync(dir)) {
    // (A temporary directory cleared since leaves its worktree registered: forgotten first.)
    execFileSync("git", ["worktree", "prune"], { cwd: ROOT, stdio: "ignore" });
    execFileSync("git", ["worktree", "add", "--detach", dir, sha], { cwd: ROOT, stdio: "ignore" });
  }
  if (!existsSync(path.join(dir, "node_modules")))
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

/** The rate of the first row of `npm run bench`'s table whose scenario starts so. */
function rate(output: string, scenario: string): number {
  const row = output.split("\n").find((line) => line.startsWith(scenario));
  const rps = row ? Number(row.slice(50).trim().split(/\s+/)[0]) : NaN;
  if (!Number.isFinite(rps) || rps <= 0) throw new Error(`no rate for "${scenario}"`);
  return rps;
}

/** One run of a tree's `npm run bench` (its topology part left out): its two ratios. */
async function run(dir: string): Promise<Ratios> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/ping-bench.ts"], {
      cwd: dir,
      env: { ...process.env, BENCH_TOPOLOGY: "skip" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(text) : reject(new Error(`the bench in ${dir} exited ${code}`)),
    );
  });
  return {
    ping: rate(output, "service GET /ping") / rate(output, "PostgreSQL select 1"),
    billable: rate(output, "service billable") / rate(output, "PostgreSQL update"),
  };
}

const percent = (x: number) => `${(x * 100).toFixed(1)} %`.padStart(8);
const mean = (xs: Ratios[], key: keyof Ratios) => xs.reduce((s, x) => s + x[key], 0) / xs.length;

async function main() {
  const reference = referenceTree();
  console.log(`Reference: ${REFERENCE} (in ${reference}); this tree: ${ROOT}\n`);
  console.log(
    `${"run".padEnd(24)}${"GET /ping / select 1".padStart(24)}${"billable / commit".padStart(20)}`,
  );
  const results: { reference: Ratios[]; current: Ratios[] } = { reference: [], current: [] };
  for (const which of ["reference", "current", "current", "reference"] as const) {
    const ratios = await run(which === "reference" ? reference : ROOT);
    results[which].push(ratios);
    console.log(
      `${which.padEnd(24)}${percent(ratios.ping).padStart(24)}${percent(ratios.billable).padStart(20)}`,
    );
  }
  console.log(
    `\nNo regression (issue 42): this tree's mean against the reference's (target ≥ ${KEPT})`,
  );
  let missed = 0;
  for (const key of ["ping", "billable"] as const) {
    const kept = mean(results.current, key) / mean(results.reference, key);
    if (kept < KEPT) missed++;
    console.log(
      `  ${(key === "ping" ? "GET /ping / select 1" : "billable call / commit").padEnd(28)}${percent(mean(results.reference, key))} → ${percent(mean(results.current, key))}  ${kept.toFixed(2)}  ${kept >= KEPT ? "met" : "NOT met"}`,
    );
  }
  console.log(missed ? `\n${missed} targets NOT met.` : "\nEvery target met.");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
