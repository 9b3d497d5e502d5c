import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

/**
 * Each program stops on a setting it cannot use with one line that names the setting and the
 * reason, exit code 1, and no stack trace: `npm run service`, `npm start`, `npm run start:cluster`.
 */
const ROOT = path.resolve(__dirname, "..");
const PROGRAMS = {
  service: "service/main.ts",
  start: "scripts/start.ts",
  cluster: "scripts/start-cluster.ts",
} as const;

function run(
  program: keyof typeof PROGRAMS,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", PROGRAMS[program], ...args], {
      cwd: ROOT,
      // Ports and a data directory of their own, so nothing else on the machine is touched; a
      // program that gets past its checks is stopped by the test's timeout.
      env: {
        ...process.env,
        PORT: "3961",
        SERVICE_PORT: "4961",
        PROMETHEUS_PORT: "9961",
        SERVICE_DATA_DIR: path.join(ROOT, ".data", "startup-problems"),
        // The cluster's checks of its own settings come after nginx's: a command that exists.
        NGINX_BIN: "true",
        LOG_LEVEL: "error",
        ...env,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** One line naming the setting, exit 1, no stack trace. */
function expectOneLine(outcome: { code: number | null; stderr: string }, pattern: RegExp) {
  const lines = outcome.stderr
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  expect(outcome.code, outcome.stderr).toBe(1);
  expect(lines, outcome.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(outcome.stderr).not.toMatch(/\n\s+at /);
}

const serverUrl = () => new URL(inject("pgServerUrl"));
const withPassword = (password: string) => {
  const url = serverUrl();
  url.password = password;
  return url.toString();
};
const withDatabase = (database: string) => {
  const url = serverUrl();
  url.pathname = `/${database}`;
  return url.toString();
};

/** Whether the test server checks passwords at all (a `trust` server takes any). */
async function checksPasswords(): Promise<boolean> {
  const client = new pg.Client({ connectionString: withPassword("not-the-password") });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return false;
  } catch {
    return true;
  }
}

let busy: Server;
beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(4962, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
});

describe.each(["service", "start", "cluster"] as const)("%s stops with one line", (program) => {
  it("for a DATABASE_URL nothing answers at", async () => {
    expectOneLine(
      await run(program, { DATABASE_URL: "postgres://u:p@127.0.0.1:1/db" }),
      /^DATABASE_URL: nothing accepts connections at 127\.0\.0\.1:1 \(connection refused\)/,
    );
  });

  it("for a DATABASE_URL on an unknown host", async () => {
    expectOneLine(
      await run(program, { DATABASE_URL: "postgres://u:p@no-such-host.invalid:5432/db" }),
      /^DATABASE_URL: the host "no-such-host\.invalid" is not known/,
    );
  });

  it("for a DATABASE_URL with a wrong password", async (context) => {
    if (!(await checksPasswords())) context.skip();
    const outcome = await run(program, { DATABASE_URL: withPassword("not-the-password") });
    expectOneLine(outcome, /^DATABASE_URL: PostgreSQL at .* refused the password of user "/);
    expect(outcome.stderr).not.toContain("not-the-password");
  });

  it("for a DATABASE_URL that is not a valid address", async () => {
    const outcome = await run(program, {
      DATABASE_URL: "postgres://u:secret-pw@127.0.0.1:99999/db",
    });
    expectOneLine(outcome, /^DATABASE_URL: not a valid address \(postgres:\/\/user:password@/);
    expect(outcome.stderr).not.toContain("secret-pw");
  });

  it("for a HOST that is not an address of this machine", async () => {
    const setting = program === "service" ? "SERVICE_HOST" : "HOST";
    expectOneLine(
      await run(program, { [setting]: "10.255.255.1" }),
      new RegExp(`^${setting}: 10\\.255\\.255\\.1 is not an address of this machine`),
    );
  });

  // The cluster makes its own databases on DATABASE_URL's server: the URL's database is unused.
  it.skipIf(program === "cluster")(
    "for a DATABASE_URL naming a database that does not exist",
    async () => {
      expectOneLine(
        await run(program, { DATABASE_URL: withDatabase("no_such_database_here") }),
        /^DATABASE_URL: the database "no_such_database_here" does not exist at /,
      );
    },
  );

  it("for a port already in use", async () => {
    const setting = program === "service" ? "SERVICE_PORT" : "PORT";
    expectOneLine(
      await run(program, { [setting]: "4962" }),
      new RegExp(`^${setting}: port 4962 on 127\\.0\\.0\\.1 is in use by another program`),
    );
  });

  it("for a data directory that cannot be written", async () => {
    expectOneLine(
      await run(program, { SERVICE_DATA_DIR: "/etc/passwd/data" }),
      /^SERVICE_DATA_DIR: \/etc\/passwd\/data cannot be written \(ENOTDIR\)/,
    );
  });
});

describe("the cluster stops with one line", () => {
  it("without nginx", async () => {
    expectOneLine(await run("cluster", { NGINX_BIN: "/no/such/nginx" }), /^nginx is not installed/);
  });

  it("without Prometheus, when asked for it", async () => {
    expectOneLine(
      await run("cluster", { PROMETHEUS_BIN: "/no/such/prometheus" }, ["--prometheus"]),
      /^Prometheus is not installed/,
    );
  });
});
