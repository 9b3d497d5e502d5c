/**
 * `npm run bench:regression`: the service as it is beside the service as it was, in one run.
 *
 * A machine's floors move by a fifth from one hour to the next, and from one minute to the next
 * on two shared cores, so two runs of `npm run bench` minutes apart compare the machine as much
 * as the code. Here both services run side by side, each on its own embedded PostgreSQL with its
 * own paying Clients: this tree's `bench/bench-server.ts`, and the same file in a worktree of a
 * reference commit (`BENCH_REFERENCE`, by default the last one before people, organizations and
 * the production topology were added). The load then moves between them in short slices, round
 * after round, with the order turned each round, so a drift of the machine weighs on both alike.
 *
 * This tree runs as shipped (a request line at `info`) and at `warn`, one process switching;
 * the reference at `warn`, the level its own `npm run bench` measured. Both get this tree's Node
 * flags, so the code is what differs.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { hasExited, ROOT, SERVICE_NODE_FLAGS } from "../scripts/launcher";

const REFERENCE = process.env.BENCH_REFERENCE ?? "09d4fb1";
/** This tree's rate against the reference's at or above which the call did not regress. */
const KEPT = 0.9;
/** A positive whole number from the environment, or its default; anything else stops the run. */
function setting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
}
const ROUNDS = setting("BENCH_ROUNDS", 10);
const SLICE_SECONDS = setting("BENCH_SLICE_SECONDS", 2);
const CONNECTIONS = 16;

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

interface Server {
  child: ChildProcess;
  url: string;
  keys: string[];
}

/**
 * A tree's bench server in a child process, with its address and its paying Clients' keys: this
 * tree's sends them over IPC, older ones print them as the first JSON line with `serviceUrl`
 * (read here; a `collector` reads the standard output of one that sends them over IPC).
 */
function startServer(dir: string, collector?: ChildProcess): Promise<Server> {
  const child = spawn(
    process.execPath,
    [...SERVICE_NODE_FLAGS, "--import", "tsx", "bench/bench-server.ts"],
    {
      cwd: dir,
      stdio: ["ignore", collector ? collector.stdin! : "pipe", "inherit", "ipc"],
      env: { ...process.env, BENCH_CLIENTS: String(CONNECTIONS) },
    },
  );
  return new Promise((resolve, reject) => {
    const ready = (info: { serviceUrl: string; keys: string[] }) =>
      resolve({ child, url: info.serviceUrl, keys: info.keys });
    child.once("message", ready);
    child.once("exit", (code) => reject(new Error(`the bench server in ${dir} exited ${code}`)));
    if (collector) return;
    let pending = "";
    let found = false;
    child.stdout!.on("data", (chunk: Buffer) => {
      // Read away whatever else it writes (its log), as a collector would.
      if (found) return;
      pending += chunk.toString();
      for (let end = pending.indexOf("\n"); end >= 0; end = pending.indexOf("\n")) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 1);
        try {
          const parsed = JSON.parse(line) as { serviceUrl?: string; keys?: string[] };
          if (parsed.serviceUrl && parsed.keys) {
            found = true;
            ready({ serviceUrl: parsed.serviceUrl, keys: parsed.keys });
            return;
          }
        } catch {
          // Not JSON: a line of its start-up.
        }
      }
    });
  });
}

/** Requests answered in one slice of load, every connection on its own Client's key. */
async function slice(server: Server, call: string): Promise<{ requests: number; seconds: number }> {
  let next = 0;
  const result = await autocannon({
    url: `${server.url}${call}`,
    connections: CONNECTIONS,
    duration: SLICE_SECONDS,
    setupClient: (client) =>
      client.setHeaders({
        "X-Api-Key": server.keys[next++ % server.keys.length]!,
        Accept: "application/json",
      }),
  });
  // A call cut off at the end of the last slice may still hold its Client for a moment: a
  // refusal or two at a slice's start is that, more would be a broken benchmark.
  if (result.non2xx > CONNECTIONS || result.errors > CONNECTIONS)
    throw new Error(`${call}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requests: result["2xx"], seconds: result.duration };
}

const CALLS = {
  "GET /ping": "/ping",
  "billable call": "/translation/translations?sourceLanguage=de&text=Bremsscheibe",
} as const;

type Variant = "reference" | "this tree at warn" | "this tree at info";

async function main() {
  const dir = referenceTree();
  console.log(
    `Reference: ${REFERENCE} (in ${dir}); this tree: ${ROOT}\n` +
      `${ROUNDS} rounds of ${SLICE_SECONDS} s slices, ${CONNECTIONS} connections (one Client each)\n`,
  );
  // This tree's log (a line a call at info) goes to a reader of its own, as to a collector: read
  // here, it would take turns with the load generator's event loop and slow the load instead.
  // (The reference's is read here: its first line says where it listens, and at warn it writes
  // next to nothing.)
  const collector = spawn("cat", [], { stdio: ["pipe", "ignore", "inherit"] });
  const started: Server[] = [];
  const stop = async () => {
    for (const server of started) {
      if (hasExited(server.child)) continue;
      const exited = new Promise((r) => server.child.once("exit", r));
      server.child.kill("SIGTERM");
      await exited;
    }
    collector.stdin!.end();
  };
  try {
    started.push(await startServer(dir));
    started.push(await startServer(ROOT, collector));
  } catch (error) {
    await stop();
    throw error;
  }
  const [reference, current] = started as [Server, Server];
  // The reference at warn whatever its age: one that takes the level over IPC (a newer
  // `BENCH_REFERENCE`) would otherwise log at its default.
  if (reference.child.connected) reference.child.send({ logLevel: "warn" });
  const setLevel = (level: "info" | "warn") => current.child.send({ logLevel: level });
  const run = async (variant: Variant, call: string) => {
    if (variant === "reference") return slice(reference, call);
    setLevel(variant === "this tree at info" ? "info" : "warn");
    return slice(current, call);
  };
  try {
    const order: Variant[] = ["reference", "this tree at warn", "this tree at info"];
    const rates = new Map<string, number[]>();
    for (const [name, call] of Object.entries(CALLS)) {
      // Warm both up, so neither pays for its compilation inside a slice.
      for (const variant of order) await run(variant, call);
      for (let round = 0; round < ROUNDS; round++) {
        for (const variant of round % 2 ? [...order].reverse() : order) {
          const { requests, seconds } = await run(variant, call);
          const key = `${name}\u0000${variant}`;
          rates.set(key, [...(rates.get(key) ?? []), requests / seconds]);
        }
      }
    }
    // The median slice: a slice that met one of either service's background rounds (a
    // checkpoint, a scheduled tidy) says little of what a call costs.
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    };
    console.log(
      `${"call".padEnd(16)}${"variant".padEnd(22)}${"median req/s".padStart(14)}${"slices min–max".padStart(18)}${"÷ reference".padStart(13)}`,
    );
    let missed = 0;
    const verdicts: string[] = [];
    for (const name of Object.keys(CALLS)) {
      const base = median(rates.get(`${name}\u0000reference`)!);
      for (const variant of order) {
        const xs = rates.get(`${name}\u0000${variant}`)!;
        const kept = median(xs) / base;
        console.log(
          `${name.padEnd(16)}${variant.padEnd(22)}${median(xs).toFixed(0).padStart(14)}${`${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`.padStart(18)}${(variant === "reference" ? "" : kept.toFixed(2)).padStart(13)}`,
        );
        if (variant === "reference") continue;
        if (kept < KEPT) missed++;
        verdicts.push(
          `  ${`${name}, ${variant}`.padEnd(40)} ${kept.toFixed(2)}  ${kept >= KEPT ? "met" : "NOT met"}`,
        );
      }
    }
    console.log(
      `\nNo regression (issue 42): this tree's median rate ÷ the reference's (target ≥ ${KEPT})`,
    );
    for (const line of verdicts) console.log(line);
    console.log(missed ? `\n${missed} targets NOT met.` : "\nEvery target met.");
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
