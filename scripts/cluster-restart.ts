/**
 * `npm run cluster:restart`: asks the running `npm run start:cluster` to restart every instance
 * in turn, and waits until it says it is done.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CLUSTER_STATE_FILE, ROLLING_RESTART_SIGNAL } from "./launcher";

const file = path.resolve(process.env.SERVICE_DATA_DIR ?? ".data/cluster", CLUSTER_STATE_FILE);
const restarts = () =>
  (JSON.parse(readFileSync(file, "utf8")) as { pid: number; restarts: number }).restarts;

let state: { pid: number; restarts: number };
try {
  state = JSON.parse(readFileSync(file, "utf8")) as typeof state;
  process.kill(state.pid, ROLLING_RESTART_SIGNAL);
} catch {
  console.error(
    `No running cluster is described in ${file}: start one with npm run start:cluster.`,
  );
  process.exit(1);
}
console.log("Restarting every instance in turn…");
const deadline = Date.now() + 15 * 60_000;
while (restarts() === state.restarts) {
  if (Date.now() > deadline) {
    console.error(
      "The rolling restart did not finish within 15 minutes; see the cluster's output.",
    );
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 500));
}
console.log("Every instance was restarted.");
