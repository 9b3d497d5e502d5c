/**
 * Runs once when a console server starts (Node runtime only): ended with its launcher; requests
 * stamped with their caller's address; tracing, so every request after it is traced and
 * counted; the drain signal; the scheduled usage readings, Sub-user list refresh and retention.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { consoleConfig } = await import("./lib/config/console-env");
  const config = consoleConfig();
  const { endWithLauncher, listenForDrainSignal } =
    await import("./lib/observability/console-lifecycle");
  if (config.CONSOLE_ENDS_WITH_LAUNCHER === "1") endWithLauncher();
  const { stampClientAddresses } = await import("./lib/http/stamp-client-address");
  stampClientAddresses(config.TRUSTED_PROXIES);
  const { startConsoleTracing } = await import("./lib/observability/console-tracing");
  startConsoleTracing();
  listenForDrainSignal();
  const { startUsageSchedule } = await import("./lib/usage/usage-schedule");
  startUsageSchedule();
  const { startSubUserSchedule } = await import("./lib/sub-users/sub-user-schedule");
  startSubUserSchedule();
  const { startRetentionSchedule } = await import("./lib/store/retention");
  startRetentionSchedule();
}
