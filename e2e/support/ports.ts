/** Where the end-to-end consoles and their service listen (overridable for parallel checkouts). */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const SERVICE_PORT = Number(process.env.E2E_SERVICE_PORT ?? 4110);
/** A second console on HTTPS (`CONSOLE_HTTPS=1`) against the first one's service. */
export const HTTPS_PORT = Number(process.env.E2E_HTTPS_PORT ?? 3101);
/** Where the first console (and its embedded service) writes its log lines during the run. */
export const CONSOLE_LOG_FILE = ".data/e2e-logs/console.log";
