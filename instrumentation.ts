/**
 * Runs once when a console server starts (Node runtime only): requests stamped with their
 * caller's address; tracing, so every request after it is traced and counted; the drain signal;
 * the scheduled usage reading.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { stampClientAddresses } = await import("./lib/http/stamp-client-address");
  const { consoleConfig } = await import("./lib/config/console-env");
  stampClientAddresses(consoleConfig().TRUSTED_PROXIES);
  const { startConsoleTracing } = await import("./lib/observability/console-tracing");
  startConsoleTracing();
  const { listenForDrainSignal } = await import("./lib/observability/console-lifecycle");
  listenForDrainSignal();
  const { startUsageSchedule } = await import("./lib/usage/usage-schedule");
  startUsageSchedule();
}
