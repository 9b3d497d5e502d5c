import { readFileSync } from "node:fs";
import path from "node:path";
import { waitOutBusyClient } from "./busy-client";
import { HTTPS_PORT, SERVICE_PORT } from "./ports";
import { type DemoAccount, demoCredentials } from "@/lib/demo/demo-credentials";

/** The demo keys the embedded service wrote for this run's fresh database (the first console's, unless told). */
export function demoKeys(dataDir = ".data/e2e"): Record<DemoAccount["id"], DemoAccount> {
  const file = path.resolve(dataDir, "demo-credentials.json");
  const creds = demoCredentials.parse(JSON.parse(readFileSync(file, "utf8")));
  return Object.fromEntries(creds.accounts.map((a) => [a.id, a])) as Record<
    DemoAccount["id"],
    DemoAccount
  >;
}

export const SERVICE_URL = `http://127.0.0.1:${SERVICE_PORT}`;
export const HTTPS_CONSOLE_URL = `https://127.0.0.1:${HTTPS_PORT}`;

/**
 * A call to the service outside the browser with the Master's key. The console may be reading
 * for the same Client at that moment (one active request per Client): see `waitOutBusyClient`.
 */
export async function serviceFetch(
  pathAndQuery: string,
  init: { method?: string; body?: unknown; apiKey?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    "X-Api-Key": init.apiKey ?? demoKeys()["master-admin"].apiKey,
  };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  return waitOutBusyClient(() =>
    fetch(`${SERVICE_URL}${pathAndQuery}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
}
