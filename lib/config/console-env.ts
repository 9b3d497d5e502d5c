import "server-only";
import { z } from "zod";
import { trustedProxiesSetting } from "@/lib/net/client-address";
import { parseEnvironment } from "./parse-environment";
import { rateLimitSpec } from "./rate-limit-spec";

/**
 * The console's configuration, read once. `npm start` fills these for the embedded default; a
 * deployment against a real service sets SERVICE_URL itself.
 */
const consoleEnv = z.object({
  SERVICE_URL: z.url("SERVICE_URL must be the service's base URL, e.g. https://api.example.com"),
  /** Where browsers reach this console; the VIN redirect flow's return address is built from it. */
  CONSOLE_PUBLIC_URL: z.url(
    "CONSOLE_PUBLIC_URL must be the console's base URL, e.g. https://console.example.com",
  ),
  /** Set by the launcher (scripts/start.ts): the server ends when the launcher's pipe closes. */
  CONSOLE_ENDS_WITH_LAUNCHER: z.enum(["0", "1"]).default("0"),
  /** Set by the launcher when it started the reference service itself. */
  CONSOLE_EMBEDDED_SERVICE: z.enum(["0", "1"]).default("0"),
  DEMO_CREDENTIALS_FILE: z.string().optional(),
  CONSOLE_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "CONSOLE_DATABASE_URL must be a postgres:// connection string"),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters"),
  SESSION_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1_800),
  SESSION_ABSOLUTE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(7 * 86_400)
    .default(28_800),
  /** Time the console waits for one service call before reporting it unanswered. */
  SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** The service's default limit per Client and endpoint key, shown where no override exists. */
  CONSOLE_SERVICE_DEFAULT_RATE_LIMIT: rateLimitSpec.optional(),
  /** How often the console reads the usage of signed-in Clients (and a Master's Sub-users); 0: never. */
  CONSOLE_USAGE_READING_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3_600),
  /** Days the audit log keeps an entry (the retention round deletes older ones hourly). */
  CONSOLE_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(3_650).default(400),
  /** Days the console keeps a finished job's record (a job still followed is kept). */
  CONSOLE_JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  /**
   * How often the console takes each signed-in Master's Sub-user list into its index (a list
   * unchanged since costs one `304`); a page showing an older index refreshes it after answering.
   */
  CONSOLE_SUB_USERS_REFRESH_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** Sub-users read per scheduled round, least recently read first. */
  CONSOLE_USAGE_READING_SUB_USERS: z.coerce.number().int().min(0).max(10_000).default(200),
  /** Where invitations are sent from: `smtp://` or `smtps://` with credentials; none, the link is shown to copy. */
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\//,
      "SMTP_URL must be an smtp:// or smtps:// address, e.g. smtp://user:pass@mail.example.com:587",
    )
    .optional(),
  /** The sender of the console's mail. */
  MAIL_FROM: z.string().min(3).default("Service console <no-reply@localhost>"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** The proxies in front of the console whose `X-Forwarded-For` names the caller; none by default. */
  TRUSTED_PROXIES: trustedProxiesSetting,
  /**
   * `1`: identity providers may be on loopback, link-local or private networks (trying a
   * provider on this machine; the quickstart sets it). Otherwise the console reaches them on the
   * internet only.
   */
  CONSOLE_SSO_ALLOW_PRIVATE_NETWORKS: z
    .enum(["0", "1"], "CONSOLE_SSO_ALLOW_PRIVATE_NETWORKS must be 0 or 1")
    .default("0"),
  /**
   * DNS servers that answer the console's domain checks (`ip` or `ip:port`, comma-separated);
   * unset: the system's resolver configuration.
   */
  CONSOLE_DNS_SERVERS: z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\])(:\d{1,5})?$|^[0-9a-fA-F:]+$/,
              "CONSOLE_DNS_SERVERS must list IP addresses, each with an optional port (127.0.0.1:5353)",
            ),
        )
        .min(1),
    )
    .optional(),
  /** `off` behind a proxy that compresses responses itself (read by next.config.mjs). */
  CONSOLE_COMPRESS: z.enum(["on", "off"], "CONSOLE_COMPRESS must be on or off").default("on"),
  /** Set by Next.js: `development` under `npm run dev`. */
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
});

export type ConsoleEnv = z.output<typeof consoleEnv> & { embedded: boolean };

let cached: ConsoleEnv | undefined;

export function consoleConfig(): ConsoleEnv {
  if (cached) return cached;
  const parsed = parseEnvironment(
    consoleEnv,
    process.env,
    'Start the console with "npm start", which configures it.',
  );
  cached = {
    ...parsed,
    SERVICE_URL: parsed.SERVICE_URL.replace(/\/$/, ""),
    embedded: parsed.CONSOLE_EMBEDDED_SERVICE === "1",
  };
  return cached;
}
