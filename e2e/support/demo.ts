import { readFileSync } from "node:fs";
import path from "node:path";
import { HTTPS_PORT, SERVICE_PORT } from "./ports";
import { type DemoAccount, demoCredentials } from "@/lib/demo/demo-credentials";

/** The demo keys the embedded service wrote for this run's fresh database. */
export function demoKeys(): Record<DemoAccount["id"], DemoAccount> {
  const file = path.resolve(".data/e2e/demo-credentials.json");
  const creds = demoCredentials.parse(JSON.parse(readFileSync(file, "utf8")));
  return Object.fromEntries(creds.accounts.map((a) => [a.id, a])) as Record<
    DemoAccount["id"],
    DemoAccount
  >;
}

export const SERVICE_URL = `http://127.0.0.1:${SERVICE_PORT}`;
export const HTTPS_CONSOLE_URL = `https://127.0.0.1:${HTTPS_PORT}`;
