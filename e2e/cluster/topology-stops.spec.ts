import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "../support/test";
import { CLUSTER, clusterState } from "./cluster-topology";

/**
 * What does stop the topology: PostgreSQL, which holds everything the instances share. The
 * launcher notices it no longer answers and stops every process, with a line that names it.
 * (This ends the cluster, so it runs last.)
 */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test("PostgreSQL dying stops the topology, with a line that names it", async () => {
  test.setTimeout(150_000);
  const launcher = clusterState().pid;
  const pidFile = path.join(CLUSTER.dataDir, "pg", "postmaster.pid");
  expect(existsSync(pidFile)).toBe(true);
  const postgres = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  const before = readFileSync(CLUSTER.logFile, "utf8").length;
  process.kill(postgres, "SIGKILL");
  // Ten seconds to notice, then up to 30 s for the instances to stop.
  await expect.poll(() => alive(launcher), { timeout: 90_000 }).toBe(false);
  const log = readFileSync(CLUSTER.logFile, "utf8").slice(before);
  expect(log).toMatch(
    /PostgreSQL \(embedded in .*\) has not answered for 10 s; stopping the cluster\./,
  );
  for (const i of clusterState().instances) expect(alive(i.pid), `${i.kind} ${i.port}`).toBe(false);
});
