import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "@/lib/db/postgres-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Connection string of a PostgreSQL server on which each test file creates its own database. */
    pgServerUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole run: `DATABASE_URL`'s server when set (CI proves that
 * path against Debian's PostgreSQL), otherwise a fresh embedded one in a temporary directory.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("pgServerUrl", process.env.DATABASE_URL);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "vpmi-test-pg-"));
  chmodSync(dir, 0o755);
  const server = await startEmbeddedPostgres(dir);
  project.provide("pgServerUrl", server.urlFor("postgres"));
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
