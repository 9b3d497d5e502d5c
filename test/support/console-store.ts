import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import { externalPostgres } from "@/lib/db/postgres-server";

/**
 * The console's own store on a fresh database of the run's PostgreSQL server, for this test
 * file: the console's configuration is set before anything reads it (it is read once per
 * process, and each test file runs in its own).
 */
export function consoleStoreForThisFile() {
  const server = externalPostgres(inject("pgServerUrl"));
  const dbName = `c_${randomBytes(6).toString("hex")}`;
  beforeAll(async () => {
    Object.assign(process.env, {
      CONSOLE_DATABASE_URL: await server.ensureDatabase(dbName),
      SERVICE_URL: "http://127.0.0.1:9",
      CONSOLE_PUBLIC_URL: "http://127.0.0.1:3000",
      SESSION_SECRET: randomBytes(32).toString("hex"),
    });
  });
  afterAll(async () => {
    const { closeStore } = await import("@/lib/store/db");
    await closeStore();
    await server.dropDatabase(dbName);
  });
}
