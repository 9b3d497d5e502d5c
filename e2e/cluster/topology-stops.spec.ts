import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { hasExited } from "../../scripts/launcher";
import { processStart, reapLeftovers } from "../../scripts/leftovers";
import { expect, test } from "../support/test";
import {
  CLUSTER,
  CLUSTER_ARGS,
  CLUSTER_ENV,
  type ClusterState,
  clusterState,
  nginxWorkers,
} from "./cluster-topology";

/**
 * What ends the topology, and what is left after. A launcher killed outright leaves its
 * processes running, unsupervised, on the topology's ports: the next start ends them first.
 * PostgreSQL, which holds everything the instances share, does stop the topology: the launcher
 * notices it no longer answers and stops every process, with a line that names it. (These end
 * the cluster the other tests use, so they run last, in this order.)
 */
test.describe.configure({ mode: "serial" });

const alive = (pid: number) => processStart(pid) !== undefined;
const logLength = () => readFileSync(CLUSTER.logFile, "utf8").length;

let restarted: ChildProcess | undefined;

test.afterAll(async () => {
  // Left running only when a test failed before the cluster it started was stopped.
  if (restarted?.pid && alive(restarted.pid)) {
    restarted.kill("SIGTERM");
    await expect.poll(() => alive(restarted!.pid!), { timeout: 60_000 }).toBe(false);
  }
  // What a killed launcher left, when a test failed before the next start ended it.
  await reapLeftovers(path.join(CLUSTER.dataDir, "cluster.json"));
});

test("a launcher killed outright leaves nothing running once the cluster is started again", async () => {
  test.setTimeout(240_000);
  type Recorded = ClusterState & { processes: { pid: number; start: string }[] };
  // Every instance runs (none is being started again after an earlier test).
  await expect
    .poll(
      () =>
        (clusterState() as Recorded).processes.filter((p) => processStart(p.pid) === p.start)
          .length,
      { timeout: 60_000 },
    )
    .toBe(6);
  const before = clusterState() as Recorded;
  const workers = nginxWorkers().map((w) => w.pid);
  expect(workers.length).toBeGreaterThan(0);
  process.kill(before.pid, "SIGKILL");
  await expect.poll(() => alive(before.pid)).toBe(false);
  // Its instances and nginx still run, holding the ports.
  expect(before.processes.filter((p) => processStart(p.pid) === p.start)).toHaveLength(6);

  const from = logLength();
  const log = openSync(CLUSTER.logFile, "a");
  restarted = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/start-cluster.ts", ...CLUSTER_ARGS],
    { env: { ...process.env, ...CLUSTER_ENV }, stdio: ["ignore", log, log] },
  );
  closeSync(log);
  const started = restarted;
  const ready = async () =>
    existsSync(path.join(CLUSTER.dataDir, "cluster.json")) &&
    clusterState().pid === started.pid &&
    (await fetch(`${CLUSTER.console}/sign-in`).then(
      (r) => r.status,
      () => 0,
    )) === 200;
  const deadline = Date.now() + 180_000;
  while (!(await ready())) {
    // A start that gave up fails here at once, with its reason, not at the deadline.
    if (hasExited(started))
      throw new Error(`The start exited: ${readFileSync(CLUSTER.logFile, "utf8").slice(from)}`);
    expect(Date.now(), "the start is ready within 180 s").toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 1_000));
  }
  expect(readFileSync(CLUSTER.logFile, "utf8").slice(from)).toMatch(
    /Ended what a launcher killed outright left running: (console|service|nginx|prometheus)/,
  );
  for (const p of before.processes) expect(processStart(p.pid), `pid ${p.pid}`).not.toBe(p.start);
  for (const worker of workers) expect(alive(worker), `nginx worker ${worker}`).toBe(false);
});

test("PostgreSQL dying stops the topology, with a line that names it", async () => {
  test.setTimeout(150_000);
  const launcher = clusterState().pid;
  const pidFile = path.join(CLUSTER.dataDir, "pg", "postmaster.pid");
  expect(existsSync(pidFile)).toBe(true);
  const postgres = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  const from = logLength();
  process.kill(postgres, "SIGKILL");
  // Ten seconds to notice, then up to 30 s for the instances to stop.
  await expect.poll(() => alive(launcher), { timeout: 90_000 }).toBe(false);
  const log = readFileSync(CLUSTER.logFile, "utf8").slice(from);
  expect(log).toMatch(
    /PostgreSQL \(embedded in .*\) has not answered for 10 s; stopping the cluster\./,
  );
  for (const i of clusterState().instances) expect(alive(i.pid), `${i.kind} ${i.port}`).toBe(false);
});
