import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { embeddedDatabaseUrl } from "@/lib/db/postgres-server";
import { makePayers } from "../../bench/bench-payers";
import { signInWithKey } from "../support/limited-key";
import { expect, test } from "../support/test";
import { childrenOf, CLUSTER, clusterKeys, clusterState, queryCluster } from "./cluster-topology";

/**
 * Instances that survive each other: under a steady load of billable calls from eight paying
 * Clients and page views by a signed-in person, through nginx, one service instance and then one
 * console instance are killed (SIGKILL), then one of each is stopped (SIGTERM), as a crash or an
 * orchestrator would. The launcher starts each again; callers notice nothing beyond the requests
 * that instance was answering, and the charges reconcile with the answers under the rule of
 * docs/deploy.md ("Charges at a crash").
 *
 * Killing instances leaves the cluster as it found it (each is back), but it runs last.
 */

/** How long an instance may take to be back and ready after it died (docs/deploy.md). */
const BACK_WITHIN_MS = { service: 15_000, console: 30_000 } as const;

interface Sent {
  kind: "call" | "page";
  payer?: number;
  start: number;
  end?: number;
  ok?: boolean;
  requestId?: string | null;
  failure?: string;
}

/** The processes listening on a port (from /proc: its listening socket, and who holds it), with their parents. */
function listenersOn(port: number): { pid: number; ppid: number }[] {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set(
    ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        // State 0A: listening.
        .filter((f) => f.length > 9 && f[1]!.endsWith(`:${hex}`) && f[3] === "0A")
        .map((f) => f[9]!),
    ),
  );
  const found: { pid: number; ppid: number }[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const holds = readdirSync(`/proc/${pid}/fd`).some((fd) => {
        const target = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        return target !== null && inodes.has(target[1]!);
      });
      if (!holds) continue;
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);
      found.push({ pid: Number(pid), ppid });
    } catch {
      // A process that ended while it was read.
    }
  }
  return found;
}

test("killing or stopping any one instance under load is noticed only by the requests it was answering", async ({
  page,
  context,
}) => {
  test.setTimeout(420_000);
  const keys = clusterKeys();
  const payers = await makePayers({
    serviceUrl: CLUSTER.service,
    masterKey: keys["master-admin"]!,
    databaseUrl: embeddedDatabaseUrl(CLUSTER.dataDir, "service"),
    count: 8,
    name: "Survivor",
    unlimited: true,
  });
  await signInWithKey(page, keys["master-admin"]!);

  const sent: Sent[] = [];
  let running = true;
  // One sequence per Client (one active request per Client), each call a billable read.
  const caller = async (payer: number) => {
    while (running) {
      const entry: Sent = { kind: "call", payer, start: Date.now() };
      sent.push(entry);
      try {
        const res = await fetch(
          `${CLUSTER.service}/translation/translations?sourceLanguage=de&text=Bremsscheibe`,
          { headers: { "X-Api-Key": payers[payer]!.key }, signal: AbortSignal.timeout(30_000) },
        );
        await res.arrayBuffer();
        entry.ok = res.status === 200;
        entry.requestId = res.headers.get("x-request-id");
        if (!entry.ok) entry.failure = `${res.status}`;
      } catch (error) {
        entry.ok = false;
        entry.failure = (error as Error).message;
      }
      entry.end = Date.now();
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const viewer = async () => {
    let n = 0;
    while (running) {
      const path = ["/usage", "/sub-users", "/", "/requests"][n++ % 4]!;
      const entry: Sent = { kind: "page", start: Date.now() };
      sent.push(entry);
      const res = await context.request
        .get(path, { maxRedirects: 0, timeout: 30_000 })
        .catch((e: Error) => e);
      entry.end = Date.now();
      entry.ok = !(res instanceof Error) && res.status() === 200;
      if (!entry.ok) entry.failure = res instanceof Error ? res.message : `${res.status()}`;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const load = [...payers.map((_, i) => caller(i)), viewer(), viewer()];

  const figures: Record<string, unknown>[] = [];
  /**
   * Kills one instance: its process, or for a console its Next.js server (what the OOM killer
   * picks first), whose launcher then ends by the same signal.
   */
  const phase = async (
    kind: "service" | "console",
    signal: "SIGKILL" | "SIGTERM",
    target: "instance" | "server" = "instance",
  ) => {
    await new Promise((r) => setTimeout(r, 3_000));
    const victim = clusterState().instances.find((i) => i.kind === kind)!;
    const at = Date.now();
    const inFlight = sent.filter((s) => s.start <= at && (s.end === undefined || s.end > at));
    if (target === "server") {
      const [server] = listenersOn(victim.port);
      expect(server?.ppid).toBe(victim.pid);
      process.kill(server!.pid, signal);
    } else process.kill(victim.pid, signal);
    // A stopped instance says so first: `/readyz` answers 503 while it finishes its requests.
    let drainingSeen = false;
    const watchDrain = (async () => {
      while (signal === "SIGTERM" && !drainingSeen && Date.now() - at < 5_000) {
        const ready = await fetch(`http://127.0.0.1:${victim.port}/readyz`, {
          signal: AbortSignal.timeout(500),
        }).catch(() => undefined);
        if (ready?.status === 503) drainingSeen = true;
        else await new Promise((r) => setTimeout(r, 25));
      }
    })();
    // Back: a new process on the same port, ready.
    let backAt = 0;
    while (!backAt && Date.now() - at < BACK_WITHIN_MS[kind] + 30_000) {
      const now = clusterState().instances.find((i) => i.port === victim.port)!;
      if (now.pid !== victim.pid) {
        const ready = await fetch(`http://127.0.0.1:${victim.port}/readyz`, {
          signal: AbortSignal.timeout(1_000),
        }).catch(() => undefined);
        if (ready?.status === 200) backAt = Date.now();
      }
      if (!backAt) await new Promise((r) => setTimeout(r, 100));
    }
    await watchDrain;
    await new Promise((r) => setTimeout(r, 2_000));
    // A console instance is its launcher and its Next.js server: none is left behind by the one
    // that died, and the one serving belongs to the instance now running.
    if (kind === "console") {
      const current = clusterState().instances.find((i) => i.port === victim.port)!;
      expect(listenersOn(victim.port).map((s) => s.ppid)).toEqual([current.pid]);
    }
    const after = sent.filter((s) => s.start > at && s.end !== undefined);
    const failedInFlight = inFlight.filter((s) => s.ok === false);
    const failedAfter = after.filter((s) => !s.ok);
    const firstAnswer = Math.min(...after.filter((s) => s.ok).map((s) => s.end!));
    const row = {
      instance: `${kind}${target === "server" ? "'s Next.js server" : ""} (${signal})`,
      inFlight: inFlight.length,
      failedInFlight: failedInFlight.length,
      failedAfter: failedAfter.length,
      firstAnswerAfterMs: firstAnswer - at,
      backAfterMs: backAt ? backAt - at : "not back",
    };
    figures.push(row);
    expect(backAt, `${row.instance} is back and ready`).toBeGreaterThan(0);
    expect(backAt - at, `${row.instance} is back within the bound`).toBeLessThanOrEqual(
      BACK_WITHIN_MS[kind],
    );
    expect(
      failedAfter.map((s) => s.failure),
      `${row.instance}: requests sent after`,
    ).toEqual([]);
    expect(failedInFlight.length).toBeLessThanOrEqual(inFlight.length);
    // A drained stop fails nothing, not even what it was answering.
    if (signal === "SIGTERM") {
      expect(failedInFlight.map((s) => s.failure)).toEqual([]);
      expect(drainingSeen, `${row.instance}: /readyz 503 while draining`).toBe(true);
    }
    expect(row.firstAnswerAfterMs, `${row.instance}: traffic goes on`).toBeLessThanOrEqual(1_000);
  };

  try {
    await phase("service", "SIGKILL");
    await phase("console", "SIGKILL");
    await phase("console", "SIGKILL", "server");
    await phase("service", "SIGTERM");
    await phase("console", "SIGTERM");
  } finally {
    running = false;
    await Promise.all(load);
    console.log("\nKilling and stopping instances under load (through nginx):");
    console.table(figures);
  }

  // Each answer was charged once, but for the free ones a crash may leave (docs/deploy.md): an
  // answer delivered within 10 ms before the service instance was killed. No charge lacks an
  // answer once the sweeps refunded what the killed instance left pending.
  // Each death was counted by the launcher, with how the instance ended.
  const metrics = await (await fetch(clusterState().metrics)).text();
  const restarts = (kind: string, cause: string) =>
    metrics
      .split("\n")
      .filter(
        (l) =>
          l.startsWith("cluster_instance_restarts_total{") &&
          l.includes(`kind="${kind}"`) &&
          l.includes(`cause="${cause}"`),
      )
      .reduce((sum, l) => sum + Number(l.split(" ").at(-1)), 0);
  expect(restarts("service", "signal")).toBe(1);
  expect(restarts("console", "signal")).toBe(2);
  // A SIGTERM is a clean stop (exit code 0): still unasked, so started again.
  expect(restarts("service", "exit")).toBe(1);
  expect(restarts("console", "exit")).toBe(1);

  // The alert fired for the very first restart, naming the instance (deploy/alerts.yml).
  await expect
    .poll(
      async () => {
        const { data } = (await (await fetch(`${CLUSTER.prometheus}/api/v1/alerts`)).json()) as {
          data: {
            alerts: { labels: Record<string, string>; annotations: Record<string, string> }[];
          };
        };
        return data.alerts
          .filter((a) => a.labels.alertname === "InstanceRestarted" && a.labels.kind === "service")
          .map((a) => a.annotations.summary);
      },
      { timeout: 60_000, message: "InstanceRestarted for the killed service instance" },
    )
    .toContain("service 1 ended (signal) and was restarted");

  const answered = sent.filter((s) => s.kind === "call" && s.ok && s.requestId);
  const answeredIds = new Set(answered.map((s) => s.requestId!));
  await expect
    .poll(
      async () => {
        const rows = await queryCluster<{ request_id: string }>(
          "service",
          "SELECT request_id FROM usage_events WHERE client_id = ANY($1) AND status = 'charged'",
          [payers.map((p) => p.clientId)],
        );
        return rows.filter((r) => !answeredIds.has(r.request_id)).length;
      },
      { timeout: 30_000, message: "charges without an answer" },
    )
    .toBe(0);
  const [charged] = await queryCluster<{ n: number }>(
    "service",
    "SELECT count(*)::int AS n FROM usage_events WHERE client_id = ANY($1) AND status = 'charged'",
    [payers.map((p) => p.clientId)],
  );
  const free = answered.length - charged!.n;
  console.log(`Answers: ${answered.length}; charged: ${charged!.n}; free after the kill: ${free}.`);
  expect(answered.length).toBeGreaterThan(200);
  expect(free).toBeGreaterThanOrEqual(0);
  expect(free, "free answers of one kill").toBeLessThanOrEqual(8);
});

/** The launcher's child serving `port` now (its environment names the port). */
function childServing(launcher: number, port: number): number | undefined {
  for (const { pid } of childrenOf(launcher)) {
    try {
      const env = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      if (env.includes(`SERVICE_PORT=${port}`) || env.includes(`PORT=${port}`)) return pid;
    } catch {
      // A process that ended while it was read.
    }
  }
  return undefined;
}

test("an instance killed while a rolling restart starts it is left to supervision, and the rest serve on", async () => {
  test.setTimeout(120_000);
  const before = clusterState();
  const victim = before.instances[0]!;
  const from = readFileSync(CLUSTER.logFile, "utf8").length;
  process.kill(before.pid, "SIGUSR2");
  // Its new process, killed as soon as it exists: while it starts.
  let fresh: number | undefined;
  const deadline = Date.now() + 60_000;
  while (!fresh && Date.now() < deadline) {
    const now = childServing(before.pid, victim.port);
    if (now && now !== victim.pid) fresh = now;
    else await new Promise((r) => setTimeout(r, 20));
  }
  expect(fresh, "the restarted instance's new process").toBeDefined();
  process.kill(fresh!, "SIGKILL");
  // Started again by supervision, ready, on the same port; the launcher never stopped.
  await expect
    .poll(
      async () => {
        const now = clusterState().instances.find((i) => i.port === victim.port)!;
        if (now.pid === victim.pid || now.pid === fresh) return 0;
        return fetch(`http://127.0.0.1:${victim.port}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(200);
  expect(clusterState().pid).toBe(before.pid);
  const log = readFileSync(CLUSTER.logFile, "utf8").slice(from);
  expect(log).toContain("Rolling restart stopped:");
  expect(log).toMatch(/exited \(signal SIGKILL\); starting it again in/);
  expect((await fetch(`${CLUSTER.service}/healthz`)).status).toBe(200);
  expect((await fetch(`${CLUSTER.console}/sign-in`)).status).toBe(200);
});

test("a hung instance is killed once it has not answered /healthz for 10 s, and started again", async () => {
  test.setTimeout(120_000);
  const victim = clusterState().instances.find((i) => i.kind === "service")!;
  const from = readFileSync(CLUSTER.logFile, "utf8").length;
  const stoppedAt = Date.now();
  process.kill(victim.pid, "SIGSTOP");
  try {
    // Reads sent meanwhile: those nginx gives the hung instance wait for it, and are sent to
    // the other once it is killed.
    const reads = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(`${CLUSTER.service}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    expect(reads).toEqual([200, 200, 200, 200]);
    await expect
      .poll(
        async () => {
          const now = clusterState().instances.find((i) => i.port === victim.port)!;
          if (now.pid === victim.pid) return 0;
          return fetch(`http://127.0.0.1:${victim.port}/readyz`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 45_000 },
      )
      .toBe(200);
  } finally {
    // Never left stopped, whatever failed.
    try {
      process.kill(victim.pid, "SIGCONT");
    } catch {
      // Killed, as it should be.
    }
  }
  const log = readFileSync(CLUSTER.logFile, "utf8").slice(from);
  expect(log).toContain("has not answered /healthz for 10 s; killing it.");
  console.log(`Hung instance replaced and ready after ${Date.now() - stoppedAt} ms.`);
});
