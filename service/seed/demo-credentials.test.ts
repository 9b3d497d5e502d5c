import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { externalPostgres } from "@/lib/db/postgres-server";
import {
  DEMO_ACCOUNT_IDS,
  DEMO_CREDENTIALS_FILE,
  demoCredentials,
} from "@/lib/demo/demo-credentials";
import { createLogger } from "@/lib/log/logger";
import { startService } from "@/service/server";
import { http } from "@/test/support/service-harness";

const server = externalPostgres(inject("pgServerUrl"));
const dbName = `t_creds_${randomBytes(4).toString("hex")}`;
let databaseUrl: string;
const root = mkdtempSync(path.join(tmpdir(), "vpmi-creds-"));

beforeAll(async () => {
  databaseUrl = await server.ensureDatabase(dbName);
});
afterAll(async () => {
  await server.dropDatabase(dbName);
  rmSync(root, { recursive: true, force: true });
});

/** Starts the service on the shared database with `dataDir`, returns its demo keys, stops it. */
async function startOnce(dataDir: string) {
  const logs: string[] = [];
  const service = await startService({
    port: 0,
    dataDir,
    databaseUrl,
    log: createLogger("service", "info", (line) => logs.push(line)),
  });
  const works = async (key: string) =>
    (await http(service.url, "GET", "/ping", { key })).status === 200;
  return { service, logs, works };
}

describe("demo credentials on a DATABASE_URL start", () => {
  const dataDir = path.join(root, "not", "yet", "there");
  const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
  let firstKeys: string[] = [];

  it("seeds an empty database, creates the data directory and writes the keys (owner-only)", async () => {
    const { service, works } = await startOnce(dataDir);
    try {
      expect(service.demo?.accounts).toHaveLength(DEMO_ACCOUNT_IDS.length);
      const written = demoCredentials.parse(JSON.parse(readFileSync(file, "utf8")));
      expect(written).toEqual(service.demo);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      firstKeys = written.accounts.map((a) => a.apiKey);
      for (const key of firstKeys) expect(await works(key)).toBe(true);
    } finally {
      await service.stop();
    }
  });

  it("keeps the file and its keys on the next start", async () => {
    const { service } = await startOnce(dataDir);
    await service.stop();
    expect(service.demo?.accounts.map((a) => a.apiKey)).toEqual(firstKeys);
  });

  it("issues fresh demo keys when the file is gone; the earlier keys keep working", async () => {
    rmSync(file);
    const { service, logs, works } = await startOnce(dataDir);
    try {
      const fresh = service.demo!.accounts.map((a) => a.apiKey);
      expect(fresh).toHaveLength(DEMO_ACCOUNT_IDS.length);
      for (const key of fresh) expect(firstKeys).not.toContain(key);
      for (const key of [...fresh, ...firstKeys]) expect(await works(key)).toBe(true);
      expect(demoCredentials.parse(JSON.parse(readFileSync(file, "utf8")))).toEqual(service.demo);
      expect(logs.join("\n")).toContain("fresh ones were issued");
    } finally {
      await service.stop();
    }
  });

  it("issues fresh keys for a damaged file, or one whose keys this database does not know", async () => {
    for (const content of ["{ not json", JSON.stringify({ createdAt: "x", accounts: [] })]) {
      writeFileSync(file, content);
      const { service, works } = await startOnce(dataDir);
      try {
        expect(service.demo?.accounts).toHaveLength(DEMO_ACCOUNT_IDS.length);
        expect(await works(service.demo!.accounts[0]!.apiKey)).toBe(true);
      } finally {
        await service.stop();
      }
    }
  });

  it("`npm run service` on a fresh clone with DATABASE_URL prints working demo keys", async () => {
    const freshDb = `t_creds_cli_${randomBytes(4).toString("hex")}`;
    const url = await server.ensureDatabase(freshDb);
    const cliDir = path.join(root, "cli", ".data");
    const child = spawn(process.execPath, ["--import", "tsx", "service/main.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        SERVICE_DATA_DIR: cliDir,
        SERVICE_PORT: "0",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    try {
      for (let i = 0; i < 300 && !/Autohaus Sonnenschein/.test(out); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(out).toContain("Demo keys (also in");
      const keys = out.match(/svc_(?:live|test)_[0-9A-Za-z]{32}/g) ?? [];
      expect(keys).toHaveLength(DEMO_ACCOUNT_IDS.length);
      expect(existsSync(path.join(cliDir, DEMO_CREDENTIALS_FILE))).toBe(true);
      const serviceUrl = /listening on (http:\/\/\S+)/.exec(out)![1]!;
      expect((await http(serviceUrl, "GET", "/ping", { key: keys[0] })).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      await server.dropDatabase(freshDb);
    }
  }, 60_000);
});
