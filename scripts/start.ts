/**
 * `npm start`: one command from a fresh checkout to a running console.
 *
 * Without SERVICE_URL it starts the embedded default: a PostgreSQL server (embedded unless
 * DATABASE_URL), the reference service with demo data, and the console wired to it. It builds
 * the console when the sources changed since the last build, owns every child it starts, and
 * stops them all on Ctrl-C or SIGTERM.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { type Server } from "node:https";
import { z } from "zod";
import {
  DEMO_CREDENTIALS_FILE,
  demoAccountLines,
  demoExposureWarning,
} from "@/lib/demo/demo-credentials";
import {
  openPostgresServer,
  ownShutdownSignals,
  type PostgresServer,
} from "@/lib/db/postgres-server";
import { parseEnvironment } from "@/lib/config/parse-environment";
import {
  checkDatabase,
  checkPort,
  checkWritableDirectory,
  startupLine,
} from "@/lib/config/startup-problems";
import { consoleAddress } from "@/lib/net/console-address";
import { freePort } from "@/lib/net/free-port";
import { DRAIN_SIGNAL } from "@/lib/observability/drain-signal";
import { serviceEnv, serviceOptionsFrom } from "@/service/config";
import { sandboxControlsLine, startService, type RunningService } from "@/service/server";
import { startHttpsFront, tlsFiles } from "./https-front";
import {
  CONSOLE_NODE_FLAGS,
  ensureBuild,
  hasExited,
  NEXT_BIN,
  ROOT,
  sessionSecret,
  waitForHttp,
} from "./launcher";
import { exitCause } from "./supervision";

const dev = process.argv.includes("--dev");
/** On a stop, how long the console may take to finish its requests before it is killed. */
const CONSOLE_SHUTDOWN_TIMEOUT_MS = 30_000;

/** The launcher's environment: the service's, and what the launcher passes on to the console. */
const launcherEnv = serviceEnv
  .extend({
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    SERVICE_URL: z.url().optional(),
    CONSOLE_PUBLIC_URL: z.url().optional(),
    CONSOLE_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection string")
      .optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    CONSOLE_HTTPS: z
      .enum(["0", "1", "false", "true"], "must be 1 (serve the console over HTTPS) or 0")
      .default("0")
      .transform((v) => v === "1" || v === "true"),
    CONSOLE_TLS_CERT: z.string().optional(),
    CONSOLE_TLS_KEY: z.string().optional(),
    /**
     * On SIGTERM, seconds the console keeps answering while its `/readyz` says it drains: long
     * enough by default for a load balancer probing every second or two to take it out.
     */
    CONSOLE_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(3),
  })
  .refine((env) => !env.CONSOLE_TLS_CERT === !env.CONSOLE_TLS_KEY, {
    message: "set both CONSOLE_TLS_CERT and CONSOLE_TLS_KEY (PEM files), or neither",
    path: ["CONSOLE_TLS_CERT"],
  })
  .refine((env) => env.CONSOLE_HTTPS || !env.CONSOLE_TLS_CERT, {
    message: "a certificate is used only with CONSOLE_HTTPS=1",
    path: ["CONSOLE_HTTPS"],
  });

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function parseEnv() {
  try {
    const env = parseEnvironment(launcherEnv);
    return { ...env, dataDir: path.resolve(env.SERVICE_DATA_DIR) };
  } catch (error) {
    fail((error as Error).message);
  }
}

async function main() {
  const env = parseEnv();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  let postgres: PostgresServer | undefined;
  let service: RunningService | undefined;
  let next: ChildProcess | undefined;
  let front: Server | undefined;
  let stopping = false;

  const stop = async (code: number, signal?: NodeJS.Signals, endBy?: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    front?.close();
    if (next && !hasExited(next)) {
      // Not ready first, while load balancers notice; then Next.js stops taking connections and
      // finishes the requests it has. A person's Ctrl-C (SIGINT) does not wait for a balancer.
      if (env.CONSOLE_DRAIN_SECONDS > 0 && signal === "SIGTERM") {
        next.kill(DRAIN_SIGNAL);
        await new Promise((r) => setTimeout(r, env.CONSOLE_DRAIN_SECONDS * 1000));
      }
      next.kill("SIGTERM");
      // Next.js waits for every open connection to end; a client that keeps one alive would
      // hold it, and this launcher, forever. Past the bound it is killed, never left behind.
      const exited = new Promise((r) => next!.once("exit", r));
      const bound = setTimeout(() => next!.kill("SIGKILL"), CONSOLE_SHUTDOWN_TIMEOUT_MS);
      await exited;
      clearTimeout(bound);
    }
    await service?.stop().catch(() => {});
    await postgres?.stop().catch(() => {});
    if (endBy) {
      process.removeAllListeners(endBy);
      process.kill(process.pid, endBy);
    }
    process.exit(code);
  };
  ownShutdownSignals((signal) => void stop(0, signal));

  try {
    // What would stop it, said before the (slow) build and before anything starts.
    await checkPort(env.PORT, env.HOST, "PORT", "HOST");
    if (!env.SERVICE_URL)
      await checkPort(env.SERVICE_PORT, env.SERVICE_HOST, "SERVICE_PORT", "SERVICE_HOST");
    checkWritableDirectory(env.dataDir, "SERVICE_DATA_DIR");
    if (env.DATABASE_URL && (!env.SERVICE_URL || !env.CONSOLE_DATABASE_URL))
      await checkDatabase(env.DATABASE_URL, "DATABASE_URL");
    if (env.CONSOLE_DATABASE_URL)
      await checkDatabase(env.CONSOLE_DATABASE_URL, "CONSOLE_DATABASE_URL");
    if (!dev) await ensureBuild({ ...childEnv, NODE_ENV: "production" });

    // The console's own store needs PostgreSQL even against a real service.
    if (!env.SERVICE_URL || !env.CONSOLE_DATABASE_URL) {
      postgres = await openPostgresServer({
        databaseUrl: env.DATABASE_URL,
        dataDir: env.dataDir,
        log: (m) => console.log(m),
      });
    }
    let serviceUrl = env.SERVICE_URL;
    if (!serviceUrl) {
      // The embedded quickstart's demo keys are all synthetic: its controls serve every key.
      service = await startService({
        ...serviceOptionsFrom(env),
        sandboxControls: env.SERVICE_SANDBOX_CONTROLS ?? "all",
        postgres,
      });
      serviceUrl = service.url;
    }
    let consoleDatabaseUrl = env.CONSOLE_DATABASE_URL;
    if (!consoleDatabaseUrl) {
      try {
        consoleDatabaseUrl = await postgres!.ensureDatabase("console");
      } catch (error) {
        throw new Error(
          `Could not create the console's database (${(error as Error).message}). Set CONSOLE_DATABASE_URL to a database the console may use.`,
        );
      }
    }

    // On a loopback address the console is printed and linked as localhost: a passkey needs a
    // domain name, and the browser refuses every passkey at 127.0.0.1.
    const consoleUrl = consoleAddress({ host: env.HOST, port: env.PORT, https: env.CONSOLE_HTTPS });
    const publicHost = new URL(consoleUrl).hostname.replace(/^\[|\]$/g, "");
    // With HTTPS the launcher owns PORT and the console listens on a loopback port behind it.
    const nextAddress = env.CONSOLE_HTTPS
      ? { host: "127.0.0.1", port: await freePort() }
      : { host: env.HOST, port: env.PORT };
    next = spawn(
      process.execPath,
      [
        ...(dev ? [] : CONSOLE_NODE_FLAGS),
        NEXT_BIN,
        dev ? "dev" : "start",
        "--port",
        String(nextAddress.port),
        "--hostname",
        nextAddress.host,
      ],
      {
        cwd: ROOT,
        // Its standard input is this launcher's pipe: when the launcher ends, however it ends
        // (a SIGKILL included), the pipe closes and the server ends too, freeing the port.
        stdio: ["pipe", "inherit", "inherit"],
        env: {
          ...childEnv,
          CONSOLE_ENDS_WITH_LAUNCHER: "1",
          SERVICE_URL: serviceUrl,
          CONSOLE_EMBEDDED_SERVICE: service ? "1" : "0",
          DEMO_CREDENTIALS_FILE: service ? path.join(env.dataDir, DEMO_CREDENTIALS_FILE) : "",
          CONSOLE_DATABASE_URL: consoleDatabaseUrl,
          CONSOLE_PUBLIC_URL: env.CONSOLE_PUBLIC_URL ?? consoleUrl,
          ...(service
            ? {
                CONSOLE_SERVICE_DEFAULT_RATE_LIMIT: `${env.SERVICE_DEFAULT_RATE_LIMIT.maxRequests}/${env.SERVICE_DEFAULT_RATE_LIMIT.windowSeconds}`,
              }
            : {}),
          SESSION_SECRET: sessionSecret(env.dataDir, env.SESSION_SECRET),
          // Behind the launcher's own HTTPS front, the console counts the callers the front saw.
          ...(env.CONSOLE_HTTPS
            ? {
                TRUSTED_PROXIES: [process.env.TRUSTED_PROXIES, nextAddress.host]
                  .filter(Boolean)
                  .join(","),
              }
            : {}),
          // The quickstart's demo may try an identity provider on this machine.
          ...(service && !process.env.CONSOLE_SSO_ALLOW_PRIVATE_NETWORKS
            ? { CONSOLE_SSO_ALLOW_PRIVATE_NETWORKS: "1" }
            : {}),
        },
      },
    );
    next.on("exit", (code, signal) => {
      if (stopping) return;
      console.error(`The console exited (${exitCause(code, signal).said}); stopping.`);
      // Ended by a signal (the OOM killer's SIGKILL, say), this launcher ends by the same one,
      // so whoever supervises it sees how the console ended.
      void stop(code ?? 1, undefined, signal ?? undefined);
    });
    await waitForHttp(`http://${nextAddress.host}:${nextAddress.port}`, next);
    if (env.CONSOLE_HTTPS) {
      const tls = await tlsFiles({
        host: publicHost,
        dataDir: env.dataDir,
        certFile: env.CONSOLE_TLS_CERT,
        keyFile: env.CONSOLE_TLS_KEY,
      });
      front = await startHttpsFront({ tls, host: env.HOST, port: env.PORT, target: nextAddress });
      if (tls.selfSigned)
        console.log(
          `\nHTTPS with a self-signed certificate (${path.join(env.dataDir, "tls", "console-cert.pem")}); your browser asks once whether to trust it.`,
        );
    }

    console.log(`\nConsole:  ${consoleUrl}`);
    console.log(
      `Service:  ${serviceUrl}${service ? " (embedded reference service)" : ""}   API reference: ${serviceUrl}/reference`,
    );
    const exposed = service?.demo ? demoExposureWarning(env.HOST) : undefined;
    if (exposed) console.warn(`\n${exposed}`);
    if (service?.demo) {
      console.log("\nDemo sign-in keys:");
      for (const line of demoAccountLines(service.demo.accounts, serviceUrl))
        console.log(`  ${line}`);
    }
    if (service) console.log(`\n${sandboxControlsLine(service, serviceUrl)}`);
    console.log("\nPress Ctrl-C to stop.");
  } catch (error) {
    console.error(startupLine(error));
    await stop(1);
  }
}

void main();
