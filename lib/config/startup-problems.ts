import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";

/**
 * What stops a program at start-up, said in one line that names the setting and the reason:
 * the launchers and the service print the message alone (no stack trace) and exit 1.
 */
export class StartupProblem extends Error {}

/** The line a start-up failure is reported with: a problem's own message, anything else's message. */
export const startupLine = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/** Where a connection string points, without its password. */
function placeOf(url: string) {
  try {
    const u = new URL(url);
    return {
      where: `${u.hostname || "localhost"}:${u.port || "5432"}`,
      host: u.hostname || "localhost",
      user: decodeURIComponent(u.username) || "(none)",
      database: decodeURIComponent(u.pathname.replace(/^\//, "")) || "(default)",
    };
  } catch {
    return { where: "(unreadable address)", host: "", user: "", database: "" };
  }
}

/** Why a connection to PostgreSQL failed, in a sentence naming the setting. */
export function databaseProblem(error: unknown, url: string, setting: string): string {
  const { where, host, user, database } = placeOf(url);
  const e = error as { code?: string; message?: string };
  switch (e.code) {
    case "ECONNREFUSED":
      return `${setting}: nothing accepts connections at ${where} (connection refused). Start PostgreSQL there, or correct the address.`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `${setting}: the host "${host}" is not known. Correct the address.`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `${setting}: ${where} cannot be reached from this machine.`;
    case "28P01":
      return `${setting}: PostgreSQL at ${where} refused the password of user "${user}".`;
    case "28000":
      return `${setting}: PostgreSQL at ${where} does not let user "${user}" connect (see its pg_hba.conf).`;
    case "3D000":
      return `${setting}: the database "${database}" does not exist at ${where}. Create it (createdb ${database}), or name another.`;
  }
  if (/timeout/i.test(e.message ?? "")) return `${setting}: ${where} did not answer within 10 s.`;
  return `${setting}: could not connect to ${where}: ${e.message ?? String(error)}`;
}

/** Connects once to the database a setting names, and says why it cannot be used. */
export async function checkDatabase(
  url: string,
  setting: string,
  /** The database on that server the program uses, when not the one the URL names. */
  database?: string,
): Promise<void> {
  let target: string;
  try {
    const u = new URL(url);
    if (database) u.pathname = `/${database}`;
    target = u.toString();
  } catch {
    // The URL itself (with its password) is never repeated.
    throw new StartupProblem(
      `${setting}: not a valid address (postgres://user:password@host:port/database, a port from 1 to 65535).`,
    );
  }
  let client: pg.Client | undefined;
  try {
    client = new pg.Client({ connectionString: target, connectionTimeoutMillis: 10_000 });
    client.on("error", () => {});
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    throw new StartupProblem(databaseProblem(error, target, setting));
  } finally {
    await client?.end().catch(() => {});
  }
}

/** Why a port could not be listened on, in a sentence naming the setting. */
export function listenProblem(
  error: unknown,
  setting: string,
  port: number,
  host: string,
  /** The setting that named the address (HOST, SERVICE_HOST), when one did. */
  hostSetting = setting,
) {
  const code = (error as { code?: string }).code;
  if (code === "EADDRINUSE")
    return `${setting}: port ${port} on ${host} is in use by another program. Stop it, or choose another ${setting}.`;
  if (code === "EACCES")
    return `${setting}: port ${port} needs privileges this user lacks. Choose a port above 1023.`;
  if (code === "EADDRNOTAVAIL") return `${hostSetting}: ${host} is not an address of this machine.`;
  return `${setting}: cannot listen on ${host}:${port}: ${(error as Error).message}`;
}

/** Checks that a port can be listened on (and frees it at once). */
export async function checkPort(
  port: number,
  host: string,
  setting: string,
  hostSetting?: string,
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error) =>
      reject(new StartupProblem(listenProblem(error, setting, port, host, hostSetting))),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** Checks that a directory exists or can be made, and can be written. */
export function checkWritableDirectory(dir: string, setting: string): void {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    writeFileSync(probe, "");
    rmSync(probe, { force: true });
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new StartupProblem(
      `${setting}: ${dir} cannot be written (${code}). Choose a directory this user may write.`,
    );
  }
}
