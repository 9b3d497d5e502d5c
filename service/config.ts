import path from "node:path";
import { z } from "zod";
import { parseEnvironment } from "@/lib/config/parse-environment";
import { trustedProxiesSetting } from "@/lib/net/client-address";
import { rateLimitSpec } from "@/lib/config/rate-limit-spec";
import { PILOT_GATES, pilotConfiguration } from "./domain/intelligence/pilot-gates";
import { SANDBOX_CONTROLS_MODES } from "./sandbox/controls-scope";

/** The reference service's environment; the launcher (`npm start`) extends it with its own. */
export const serviceEnv = z.object({
  SERVICE_PORT: z.coerce.number().int().min(0).max(65_535).default(4010),
  SERVICE_HOST: z.string().min(1).default("127.0.0.1"),
  SERVICE_DATA_DIR: z.string().min(1).default(".data"),
  SERVICE_PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
    .optional(),
  SERVICE_DEFAULT_RATE_LIMIT: rateLimitSpec.prefault("1200/60"),
  SERVICE_JOB_DURATION_MS: z.coerce.number().int().min(0).max(600_000).default(3_000),
  SERVICE_REDIRECT_SESSION_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  SERVICE_ABANDONED_REQUEST_SECONDS: z.coerce.number().int().min(2).max(3_600).default(30),
  /** Days a finished job (its status and result) stays readable; older ones are deleted. */
  SERVICE_JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(90),
  /** Client id to Intelligence pilot gates per environment, applied at start-up (JSON). */
  SERVICE_INTELLIGENCE_PILOT: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return undefined;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: "custom", message: "must be JSON" });
        return z.NEVER;
      }
      const parsed = pilotConfiguration.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({
          code: "custom",
          message: `must map Client ids to {"production"|"sandbox": {gate: boolean}} with gates ${PILOT_GATES.join(", ")}`,
        });
        return z.NEVER;
      }
      return parsed.data;
    }),
  /** The sandbox controls' operator token; without it, one is kept in the data directory. */
  SERVICE_SANDBOX_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * Which keys the sandbox controls serve: `all`, `sandbox` (sandbox keys and the operator token)
   * or `off`. Unset: `sandbox`, except in the embedded quickstart (`npm start`), which uses `all`.
   */
  SERVICE_SANDBOX_CONTROLS: z
    .enum(SANDBOX_CONTROLS_MODES, { message: "must be all, sandbox or off" })
    .optional(),
  /**
   * The proxies (addresses or CIDR ranges) whose `X-Forwarded-For` names the client; unset, none:
   * every bound per source address counts the socket's peer.
   */
  TRUSTED_PROXIES: trustedProxiesSetting,
  /** On SIGTERM, seconds the instance keeps answering while `/readyz` says it drains. */
  SERVICE_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  /** On SIGTERM, seconds calls in flight may take to finish before their connections are cut. */
  SERVICE_SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
});

export type ServiceEnv = z.output<typeof serviceEnv>;

/** What `startService` takes from the environment, for every program that starts the service. */
export function serviceOptionsFrom(env: ServiceEnv & { dataDir: string }) {
  return {
    port: env.SERVICE_PORT,
    host: env.SERVICE_HOST,
    dataDir: env.dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.SERVICE_PUBLIC_URL,
    defaultRateLimit: env.SERVICE_DEFAULT_RATE_LIMIT,
    jobDurationMs: env.SERVICE_JOB_DURATION_MS,
    redirectSessionSeconds: env.SERVICE_REDIRECT_SESSION_SECONDS,
    abandonedRequestSeconds: env.SERVICE_ABANDONED_REQUEST_SECONDS,
    jobRetentionDays: env.SERVICE_JOB_RETENTION_DAYS,
    logLevel: env.LOG_LEVEL,
    intelligencePilot: env.SERVICE_INTELLIGENCE_PILOT,
    sandboxToken: env.SERVICE_SANDBOX_TOKEN,
    sandboxControls: env.SERVICE_SANDBOX_CONTROLS,
    trustedProxies: env.TRUSTED_PROXIES,
    drainSeconds: env.SERVICE_DRAIN_SECONDS,
    shutdownTimeoutMs: env.SERVICE_SHUTDOWN_TIMEOUT_SECONDS * 1000,
  };
}

/** The service's environment, read once at start-up. */
export function loadServiceEnv(
  env: NodeJS.ProcessEnv = process.env,
): ServiceEnv & { dataDir: string } {
  const parsed = parseEnvironment(serviceEnv, env);
  return { ...parsed, dataDir: path.resolve(parsed.SERVICE_DATA_DIR) };
}
