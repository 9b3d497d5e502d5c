/**
 * Runs once when a console server starts (Node runtime only): tracing first, so every request
 * after it is traced and counted; the drain signal; the scheduled usage reading.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startConsoleTracing } = await import("./lib/observability/console-tracing");
  startConsoleTracing();
  const { consoleLifecycle, DRAIN_SIGNAL } = await import("./lib/observability/console-lifecycle");
  process.on(DRAIN_SIGNAL, () => {
    consoleLifecycle.draining = true;
  });
  const { startUsageSchedule } = await import("./lib/usage/usage-schedule");
  startUsageSchedule();
}
