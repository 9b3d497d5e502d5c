import "server-only";
import { processState } from "@/lib/process-state";

export { DRAIN_SIGNAL } from "./drain-signal";

/**
 * Whether this console process is draining: its launcher, told to stop, signals it (SIGUSR2)
 * before stopping it, and `/readyz` says not ready meanwhile so load balancers move on.
 */
export const consoleLifecycle = processState("lifecycle", () => ({ draining: false }));
