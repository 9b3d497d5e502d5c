import "server-only";
import { processState } from "@/lib/process-state";

import { DRAIN_SIGNAL } from "./drain-signal";

/**
 * Whether this console process is draining: its launcher, told to stop, signals it (SIGUSR2)
 * before stopping it, and `/readyz` says not ready meanwhile so load balancers move on.
 */
export const consoleLifecycle = processState("lifecycle", () => ({ draining: false }));

/** Marks the process draining when its launcher sends the drain signal. */
export function listenForDrainSignal() {
  process.on(DRAIN_SIGNAL, () => {
    consoleLifecycle.draining = true;
  });
}

/**
 * Started by the launcher (scripts/start.ts), the server ends when the launcher's pipe on its
 * standard input closes, however the launcher ended (a SIGKILL included): it must not outlive
 * it, holding the port.
 */
export function endWithLauncher() {
  process.stdin.on("end", () => process.exit(0));
  process.stdin.on("error", () => process.exit(0));
  process.stdin.resume();
}
