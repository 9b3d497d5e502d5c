/**
 * Runs once when a console server starts (Node runtime only): requests stamped with their
 * caller's address; tracing, so every request after it is traced and counted; the drain signal;
 * the scheduled usage reading.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { consoleConfig } = await import("./lib/config/console-env");
  const config = consoleConfig();
  // Started by the launcher (scripts/start.ts): its pipe on standard input closes when it ends,
  // however it ends, and the server must not outlive it (it would hold the port).
  if (config.CONSOLE_ENDS_WITH_LAUNCHER === "1") {
    process.stdin.on("end", () => process.exit(0));
    process.stdin.on("error", () => process.exit(0));
    process.stdin.resume();
  }
  const { stampClientAddresses } = await import("./lib/http/stamp-client-address");
  stampClientAddresses(config.TRUSTED_PROXIES);
  const { startConsoleTracing } = await import("./lib/observability/console-tracing");
  startConsoleTracing();
  const { listenForDrainSignal } = await import("./lib/observability/console-lifecycle");
  listenForDrainSignal();
  const { startUsageSchedule } = await import("./lib/usage/usage-schedule");
  startUsageSchedule();
}
