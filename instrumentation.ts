/**
 * Runs once when a console server starts (Node runtime only): tracing first, so every request
 * after it is traced and counted; the drain signal; the scheduled usage reading.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startConsoleTracing } = await import("./lib/observability/console-tracing");
  startConsoleTracing();
  const { listenForDrainSignal } = await import("./lib/observability/console-lifecycle");
  listenForDrainSignal();
  const { startUsageSchedule } = await import("./lib/usage/usage-schedule");
  startUsageSchedule();
}
