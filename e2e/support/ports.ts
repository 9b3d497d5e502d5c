/** Where the end-to-end consoles and their service listen (overridable for parallel checkouts). */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const SERVICE_PORT = Number(process.env.E2E_SERVICE_PORT ?? 4110);
/** A second console on HTTPS (`CONSOLE_HTTPS=1`) against the first one's service. */
export const HTTPS_PORT = Number(process.env.E2E_HTTPS_PORT ?? 3101);
/**
 * A third console with its own embedded service whose sandbox controls serve sandbox keys only
 * (`SERVICE_SANDBOX_CONTROLS=sandbox`), as any start of the service but the quickstart.
 */
export const SANDBOX_ONLY_PORT = Number(process.env.E2E_SANDBOX_ONLY_PORT ?? 3102);
export const SANDBOX_ONLY_SERVICE_PORT = Number(process.env.E2E_SANDBOX_ONLY_SERVICE_PORT ?? 4112);
/** Where the first console (and its embedded service) writes its log lines during the run. */
export const CONSOLE_LOG_FILE = ".data/e2e-logs/console.log";
/**
 * A second instance of the first console: its service, its console store and its session secret,
 * as a load balancer's second instance would run (people's changes on one act on the other).
 */
export const SECOND_CONSOLE_PORT = Number(process.env.E2E_SECOND_CONSOLE_PORT ?? 3103);
/**
 * A DNS server the single sign-on tests run on loopback (UDP): the first console and its second
 * instance resolve domain checks there (`CONSOLE_DNS_SERVERS`).
 */
export const DNS_PORT = Number(process.env.E2E_DNS_PORT ?? 5399);
/** Where the run's OTLP/HTTP sink listens (started by the test that reads it): the second console exports its spans there. */
export const OTLP_SINK_PORT = Number(process.env.E2E_OTLP_SINK_PORT ?? 4114);
/** Where the second console writes its log lines during the run. */
export const SECOND_CONSOLE_LOG_FILE = ".data/e2e-logs/second-console.log";
