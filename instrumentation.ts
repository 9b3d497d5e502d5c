/** Runs once when a console server starts: the scheduled usage reading (Node runtime only). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startUsageSchedule } = await import("./lib/usage/usage-schedule");
  startUsageSchedule();
}
