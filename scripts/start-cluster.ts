/**
 * `npm run start:cluster -- --consoles 2 --services 2 [--prometheus]`: the production topology
 * on one machine, to try it out. One PostgreSQL (embedded unless DATABASE_URL), M service
 * instances (`npm run service`), N console instances (`npm start` given that service and a
 * shared console store), nginx in front of both (`deploy/nginx.conf`) and, asked for,
 * Prometheus scraping every instance with `deploy/alerts.yml`.
 *
 * SIGUSR2 (`npm run cluster:restart`) restarts every instance in turn without losing a request:
 * the instance drains, finishes what it has and stops (nginx sends what it cannot connect to to
 * the next instance), then starts again. Ctrl-C or SIGTERM stops everything.
 *
 * The launcher supervises its instances: one that exits unasked (a crash, a kill, a SIGTERM from
 * elsewhere) is started again with a bounded backoff while the others serve (`supervision.ts`).
 * Only nginx or PostgreSQL failing stops the topology, with a line that names it.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { parseEnvironment } from "@/lib/config/parse-environment";
import {
  checkDatabase,
  checkPort,
  checkWritableDirectory,
  startupLine,
} from "@/lib/config/startup-problems";
import {
  DEMO_CREDENTIALS_FILE,
  demoAccountLines,
  demoCredentials,
} from "@/lib/demo/demo-credentials";
import { openPostgresServer, ownShutdownSignals } from "@/lib/db/postgres-server";
import { freePort } from "@/lib/net/free-port";
import { SANDBOX_TOKEN_FILE } from "@/service/server";
import { processStart, reapLeftovers, recorded } from "./leftovers";
import { writeNginxConf } from "./nginx-conf";
import { exitCause, restartDelay, serveClusterMetrics, STABLE_MS } from "./supervision";
import {
  CLUSTER_STATE_FILE,
  ensureBuild,
  hasExited,
  keptSecret,
  ROLLING_RESTART_SIGNAL,
  ROOT,
  SERVICE_NODE_FLAGS,
  sessionSecret,
} from "./launcher";

const clusterEnv = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  SERVICE_PORT: z.coerce.number().int().min(1).max(65_535).default(4010),
  PROMETHEUS_PORT: z.coerce.number().int().min(1).max(65_535).default(9090),
  HOST: z.string().min(1).default("127.0.0.1"),
  SERVICE_DATA_DIR: z.string().min(1).default(".data/cluster"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SERVICE_SANDBOX_TOKEN: z.string().min(32, "must be at least 32 characters").optional(),
  /** Where the consoles call the service: nginx's service front unless set (a proxy of your own). */
  CONSOLE_SERVICE_URL: z.url({ protocol: /^https?$/ }).optional(),
  NGINX_BIN: z.string().default("nginx"),
  PROMETHEUS_BIN: z.string().default("prometheus"),
});

type Kind = "console" | "service";

/**
 * Where nginx's connections to the instances come from: the one proxy every instance trusts
 * (`TRUSTED_PROXIES`), so each reads the client from the `X-Forwarded-For` nginx sets, and
 * counts any other caller as itself.
 */
const NGINX_ADDRESS = "127.0.0.1";

interface Instance {
  kind: Kind;
  index: number;
  port: number;
  child?: ChildProcess;
  /** Being restarted: its exit is expected. */
  restarting: boolean;
  /** When its current process started, and how many times in a row it exited unasked. */
  startedAt: number;
  exitsInARow: number;
  /** Answered `/readyz` since it started; how many liveness checks in a row it missed since. */
  ready: boolean;
  missed: number;
}

/** An instance that has not answered `/healthz` this many checks in a row (2 s apart) hangs. */
const LIVENESS_MISSES = 5;

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function hasCommand(command: string): boolean {
  return spawnSync(command, ["-v"], { stdio: "ignore" }).error === undefined;
}

async function waitUntilReady(instance: Instance, timeoutMs = 120_000) {
  const url = `http://127.0.0.1:${instance.port}/readyz`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!instance.child || hasExited(instance.child))
      throw new Error(`${nameOf(instance)} exited during start-up.`);
    const ready = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return;
    await sleep(250);
  }
  throw new Error(`${nameOf(instance)} was not ready at ${url} within ${timeoutMs / 1000} s.`);
}

/** Ends a process group (a detached child's), if any of it is left. */
function killGroup(leader: number) {
  try {
    process.kill(-leader, "SIGKILL");
  } catch {
    // Nothing of it is left.
  }
}

const nameOf = (i: Instance) => `${i.kind} ${i.index + 1} (port ${i.port})`;

async function main() {
  const { values } = parseArgs({
    options: {
      consoles: { type: "string", default: "2" },
      services: { type: "string", default: "2" },
      prometheus: { type: "boolean", default: false },
    },
  });
  const counts = z
    .object({
      consoles: z.coerce.number().int().min(1).max(16),
      services: z.coerce.number().int().min(1).max(16),
    })
    .safeParse(values);
  if (!counts.success) fail("--consoles and --services take a number from 1 to 16.");
  let env: z.output<typeof clusterEnv>;
  try {
    env = parseEnvironment(clusterEnv, process.env);
  } catch (error) {
    fail((error as Error).message);
  }
  if (!hasCommand(env.NGINX_BIN))
    fail(`nginx is not installed (apt-get install nginx), or set NGINX_BIN to its path.`);
  if (values.prometheus && !hasCommand(env.PROMETHEUS_BIN))
    fail(`Prometheus is not installed (apt-get install prometheus), or set PROMETHEUS_BIN.`);

  const dataDir = path.resolve(env.SERVICE_DATA_DIR);
  const reaped = await reapLeftovers(path.join(dataDir, CLUSTER_STATE_FILE));
  if (reaped.length)
    console.log(`Ended what a launcher killed outright left running: ${reaped.join(", ")}.`);
  // What would stop it, said before anything starts.
  await checkPort(env.PORT, env.HOST, "PORT", "HOST");
  await checkPort(env.SERVICE_PORT, "127.0.0.1", "SERVICE_PORT");
  if (values.prometheus) await checkPort(env.PROMETHEUS_PORT, "127.0.0.1", "PROMETHEUS_PORT");
  checkWritableDirectory(dataDir, "SERVICE_DATA_DIR");
  // The cluster makes its databases (service, console) from the server's own "postgres".
  if (env.DATABASE_URL) await checkDatabase(env.DATABASE_URL, "DATABASE_URL", "postgres");
  const consoleFront = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`;
  const serviceFront = `http://127.0.0.1:${env.SERVICE_PORT}`;
  const consolesCallServiceAt = env.CONSOLE_SERVICE_URL ?? serviceFront;
  const secret = sessionSecret(dataDir, env.SESSION_SECRET);
  const sandboxToken = keptSecret(
    dataDir,
    SANDBOX_TOKEN_FILE,
    env.SERVICE_SANDBOX_TOKEN,
    () => `sbx_op_${randomBytes(24).toString("base64url")}`,
  );

  const children = new Set<ChildProcess>();
  /** nginx and Prometheus, once started. */
  const fronts: { nginx?: ChildProcess; prometheus?: ChildProcess } = {};
  let stopping = false;
  const own = (child: ChildProcess) => {
    children.add(child);
    child.on("exit", () => children.delete(child));
    return child;
  };

  const postgres = await openPostgresServer({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    log: (m) => console.log(m),
  });
  const serviceDatabase = await postgres.ensureDatabase("service");
  const consoleDatabase = await postgres.ensureDatabase("console");

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill("SIGTERM");
    const deadline = Date.now() + 30_000;
    while (children.size && Date.now() < deadline) await sleep(100);
    for (const child of children) child.kill("SIGKILL");
    // nginx's workers, whose master may have died without them.
    if (fronts.nginx?.pid) killGroup(fronts.nginx.pid);
    // A server that died already may never answer its stop.
    await Promise.race([postgres.stop().catch(() => {}), sleep(5_000)]);
    process.exit(code);
  };
  ownShutdownSignals(() => void stop(0));

  const instances: Instance[] = [];
  for (const kind of ["service", "console"] as const)
    for (let index = 0; index < counts.data[`${kind}s`]; index++)
      instances.push({
        kind,
        index,
        port: await freePort(),
        restarting: false,
        startedAt: 0,
        exitsInARow: 0,
        ready: false,
        missed: 0,
      });
  const metrics = await serveClusterMetrics(await freePort());
  const markReady = (instance: Instance, ready: boolean) => {
    instance.ready = ready;
    instance.missed = 0;
    metrics.up(instance.kind, instance.index + 1, ready);
  };

  /** The same programs as `npm run service` and `npm start`, told where the rest is. */
  const spawnInstance = (instance: Instance) => {
    const common = {
      ...process.env,
      HOST: "127.0.0.1",
      NEXT_TELEMETRY_DISABLED: "1",
      TRUSTED_PROXIES: NGINX_ADDRESS,
    };
    const env =
      instance.kind === "service"
        ? {
            ...common,
            SERVICE_PORT: String(instance.port),
            SERVICE_HOST: "127.0.0.1",
            DATABASE_URL: serviceDatabase,
            SERVICE_DATA_DIR: dataDir,
            SERVICE_PUBLIC_URL: serviceFront,
            SERVICE_SANDBOX_TOKEN: sandboxToken,
            // Longer than nginx keeps an idle connection to it (deploy/nginx.conf): it holds none
            // when the instance stops listening.
            SERVICE_DRAIN_SECONDS: process.env.SERVICE_DRAIN_SECONDS ?? "3",
            // As in any deployment: the topology's production keys may be real ones, so only
            // sandbox keys (and the operator) may move clocks or inject faults.
            SERVICE_SANDBOX_CONTROLS: process.env.SERVICE_SANDBOX_CONTROLS ?? "sandbox",
            OTEL_SERVICE_NAME: `vpmi-service-${instance.index + 1}`,
          }
        : {
            ...common,
            PORT: String(instance.port),
            SERVICE_URL: consolesCallServiceAt,
            CONSOLE_DATABASE_URL: consoleDatabase,
            CONSOLE_PUBLIC_URL: consoleFront,
            SESSION_SECRET: secret,
            // nginx compresses the pages (deploy/nginx.conf).
            CONSOLE_COMPRESS: "off",
            SERVICE_DATA_DIR: path.join(dataDir, `console-${instance.index + 1}`),
            OTEL_SERVICE_NAME: `vpmi-console-${instance.index + 1}`,
          };
    const entry = instance.kind === "service" ? "service/main.ts" : "scripts/start.ts";
    const child = own(
      spawn(
        process.execPath,
        [...(instance.kind === "service" ? SERVICE_NODE_FLAGS : []), "--import", "tsx", entry],
        {
          cwd: ROOT,
          env,
          stdio: ["ignore", "inherit", "inherit"],
        },
      ),
    );
    instance.child = child;
    instance.startedAt = Date.now();
    markReady(instance, false);
    child.on("exit", (code, signal) => {
      if (stopping || instance.child !== child || instance.restarting) return;
      superviseExit(instance, child, code, signal);
    });
  };

  /** An instance exited unasked: the others serve meanwhile; it is started again after a backoff. */
  const superviseExit = (
    instance: Instance,
    child: ChildProcess,
    code: number | null,
    signal: NodeJS.Signals | null,
  ) => {
    markReady(instance, false);
    const stable = Date.now() - instance.startedAt >= STABLE_MS;
    instance.exitsInARow = stable ? 1 : instance.exitsInARow + 1;
    const delay = restartDelay(instance.exitsInARow);
    const { cause, said } = exitCause(code, signal);
    metrics.restarted(instance.kind, instance.index + 1, cause);
    console.error(`${nameOf(instance)} exited (${said}); starting it again in ${delay / 1000} s.`);
    setTimeout(() => void startAgain(instance, child), delay).unref();
  };

  /** Starts an instance that exited unasked; a failed start is taken up by its exit handler. */
  const startAgain = async (instance: Instance, exited: ChildProcess) => {
    if (stopping || instance.child !== exited || instance.restarting) return;
    spawnInstance(instance);
    const started = instance.child;
    try {
      await waitUntilReady(instance);
      if (instance.child !== started) return;
      markReady(instance, true);
      console.log(`${nameOf(instance)} is back and ready.`);
      writeState();
    } catch {
      // It exited during start-up: its exit handler schedules the next try.
    }
  };

  // nginx, from the template in deploy/.
  const prefix = path.join(dataDir, "nginx");
  const addresses = (kind: Kind) =>
    instances.filter((i) => i.kind === kind).map((i) => `127.0.0.1:${i.port}`);
  try {
    await ensureBuild({ ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" });
    // In order: the first service seeds the database, the first console migrates its store.
    for (const instance of instances) {
      spawnInstance(instance);
      await waitUntilReady(instance);
      markReady(instance, true);
      console.log(`${nameOf(instance)} is ready.`);
    }
  } catch (error) {
    console.error((error as Error).message);
    await stop(1);
  }

  const nginxConf = writeNginxConf({
    prefix,
    consoles: addresses("console"),
    services: addresses("service"),
    consoleListen: `${env.HOST}:${env.PORT}`,
    serviceListen: `127.0.0.1:${env.SERVICE_PORT}`,
  });
  const nginx = (fronts.nginx = own(
    spawn(env.NGINX_BIN, ["-p", prefix, "-c", nginxConf, "-g", "daemon off;"], {
      stdio: ["ignore", "inherit", "inherit"],
      // A group of its own: a master killed outright leaves its workers on the ports, and the
      // group ends them.
      detached: true,
    }),
  ));
  nginx.on("exit", (code, signal) => {
    if (nginx.pid) killGroup(nginx.pid);
    if (!stopping) {
      console.error(`nginx exited (${exitCause(code, signal).said}); stopping the cluster.`);
      void stop(1);
    }
  });

  // A hung instance (a stopped process, a blocked event loop) refuses nothing: nginx would wait
  // on it for every request it sends there. One that was ready and has not answered `/healthz`
  // for 10 s is killed, and supervision starts it again.
  const watchLiveness = setInterval(() => {
    for (const instance of instances) {
      const child = instance.child;
      if (stopping || instance.restarting || !instance.ready || !child || hasExited(child))
        continue;
      void fetch(`http://127.0.0.1:${instance.port}/healthz`, {
        signal: AbortSignal.timeout(2_000),
      })
        .then(
          () => true,
          // Refused: it stopped listening, as a stopping instance does; a hung one still
          // takes the connection and never answers.
          (error: Error) => (error.name === "TimeoutError" ? false : undefined),
        )
        .then((answered) => {
          if (answered === undefined || instance.child !== child || !instance.ready) return;
          instance.missed = answered ? 0 : instance.missed + 1;
          if (instance.missed < LIVENESS_MISSES) return;
          console.error(`${nameOf(instance)} has not answered /healthz for 10 s; killing it.`);
          markReady(instance, false);
          child.kill("SIGKILL");
        });
    }
  }, 2_000);
  watchLiveness.unref();

  // PostgreSQL holds everything the instances share: when it stops answering for 10 s, the
  // topology stops, saying so (the instances would only answer 503 meanwhile).
  let unanswered = 0;
  const watchPostgres = setInterval(() => {
    void postgres.answers().then((answers) => {
      unanswered = answers ? 0 : unanswered + 1;
      if (unanswered >= 5 && !stopping) {
        console.error(
          `PostgreSQL (${env.DATABASE_URL ? "DATABASE_URL" : `embedded in ${dataDir}`}) has not answered for 10 s; stopping the cluster.`,
        );
        void stop(1);
      }
    });
  }, 2_000);
  watchPostgres.unref();

  let prometheus: string | undefined;
  if (values.prometheus) {
    const dir = path.join(dataDir, "prometheus");
    mkdirSync(dir, { recursive: true });
    const targets = (kind: Kind) =>
      JSON.stringify(instances.filter((i) => i.kind === kind).map((i) => `127.0.0.1:${i.port}`));
    const config = path.join(dir, "prometheus.yml");
    writeFileSync(
      config,
      [
        "global: { scrape_interval: 2s, evaluation_interval: 15s }",
        `rule_files: [${JSON.stringify(path.join(ROOT, "deploy", "alerts.yml"))}]`,
        "scrape_configs:",
        // The launcher's own labels name the instance (kind 1, 2, …), not its scrape address.
        `  - { job_name: cluster, honor_labels: true, static_configs: [{ targets: ["${metrics.address}"] }] }`,
        `  - { job_name: service, static_configs: [{ targets: ${targets("service")} }] }`,
        `  - { job_name: console, static_configs: [{ targets: ${targets("console")} }] }`,
        "",
      ].join("\n"),
    );
    prometheus = `http://127.0.0.1:${env.PROMETHEUS_PORT}`;
    fronts.prometheus = own(
      spawn(
        env.PROMETHEUS_BIN,
        [
          `--config.file=${config}`,
          `--storage.tsdb.path=${path.join(dir, "data")}`,
          `--web.listen-address=127.0.0.1:${env.PROMETHEUS_PORT}`,
          "--log.level=warn",
        ],
        { stdio: ["ignore", "ignore", "inherit"] },
      ),
    );
  }

  // What the cluster is, for operators and tests: addresses, instances, restarts so far.
  const stateFile = path.join(dataDir, CLUSTER_STATE_FILE);
  let restarts = 0;
  // Written whole and renamed into place: a reader (cluster:restart, an operator's script, the
  // next start) never sees a file cut short mid-write.
  const writeState = () => {
    const temporary = `${stateFile}.${process.pid}.tmp`;
    writeFileSync(
      temporary,
      JSON.stringify(
        {
          pid: process.pid,
          start: processStart(process.pid),
          console: consoleFront,
          service: serviceFront,
          prometheus: prometheus ?? null,
          metrics: `http://${metrics.address}/metrics`,
          instances: instances.map((i) => ({ kind: i.kind, port: i.port, pid: i.child?.pid })),
          restarts,
          // What the next start ends if this launcher is killed outright (scripts/leftovers.ts).
          processes: [
            ...instances.flatMap((i) => recorded(nameOf(i), i.child?.pid)),
            ...recorded("nginx", nginx.pid, true),
            ...recorded("prometheus", fronts.prometheus?.pid),
          ],
        },
        null,
        2,
      ) + "\n",
    );
    renameSync(temporary, stateFile);
  };
  writeState();

  let restarting = false;
  const rollingRestart = async () => {
    if (restarting) return;
    restarting = true;
    try {
      for (const instance of instances) {
        // nginx keeps its configuration: while the instance drains it still answers; once it
        // stops listening, nginx sends each request it cannot connect to to the next instance.
        // (Reloading nginx to take it out would close clients' idle kept-alive connections,
        // which a client sending on one at that moment sees reset.)
        instance.restarting = true;
        markReady(instance, false);
        const old = instance.child!;
        const exited = new Promise((r) => old.once("exit", r));
        old.kill("SIGTERM");
        await Promise.race([exited, sleep(60_000).then(() => old.kill("SIGKILL"))]);
        spawnInstance(instance);
        const started = instance.child!;
        try {
          await waitUntilReady(instance);
        } catch (error) {
          // Its new process died (or hangs) while starting: the rest of the topology is fine, so
          // the instance is left to supervision, as any instance that exits, and the restart ends.
          instance.restarting = false;
          console.error(
            `Rolling restart stopped: ${(error as Error).message} It is started again as any instance that exits.`,
          );
          if (hasExited(started))
            superviseExit(instance, started, started.exitCode, started.signalCode);
          else started.kill("SIGKILL");
          return;
        }
        instance.restarting = false;
        markReady(instance, true);
        console.log(`${nameOf(instance)} restarted.`);
        writeState();
      }
      restarts += 1;
      writeState();
      console.log("Rolling restart done.");
    } finally {
      restarting = false;
    }
  };
  // Not SIGHUP: that one stops the cluster, as it stops `npm start`.
  process.on(ROLLING_RESTART_SIGNAL, () => void rollingRestart());

  console.log(`\nConsole:  ${consoleFront}   (nginx → ${counts.data.consoles} instances)`);
  console.log(`Service:  ${serviceFront}   (nginx → ${counts.data.services} instances)`);
  if (prometheus) console.log(`Prometheus: ${prometheus}`);
  const credentialsFile = path.join(dataDir, DEMO_CREDENTIALS_FILE);
  if (existsSync(credentialsFile)) {
    const demo = demoCredentials.safeParse(JSON.parse(readFileSync(credentialsFile, "utf8")));
    if (demo.success) {
      console.log("\nDemo keys (paste one on the sign-in page):");
      for (const line of demoAccountLines(demo.data.accounts, serviceFront))
        console.log(`  ${line}`);
    }
  }
  console.log(
    `\nState: ${stateFile}. Rolling restart: npm run cluster:restart (kill -USR2 ${process.pid}). Ctrl-C stops.`,
  );
}

main().catch((error: unknown) => {
  console.error(startupLine(error));
  process.exit(1);
});
