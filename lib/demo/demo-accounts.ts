import "server-only";
import { readFileSync } from "node:fs";
import { consoleConfig } from "@/lib/config/console-env";
import { type DemoAccount, demoCredentials } from "./demo-credentials";

/** Demo accounts exist only with the embedded reference service; never with a real service. */
function load(): DemoAccount[] {
  const config = consoleConfig();
  if (!config.embedded || !config.DEMO_CREDENTIALS_FILE) return [];
  try {
    return demoCredentials.parse(JSON.parse(readFileSync(config.DEMO_CREDENTIALS_FILE, "utf8")))
      .accounts;
  } catch {
    return [];
  }
}

/** What the sign-in page may show: everything but the keys. */
export function listDemoAccounts(): Omit<DemoAccount, "apiKey">[] {
  return load().map(({ apiKey: _apiKey, ...rest }) => rest);
}

export function demoAccount(id: string): DemoAccount | undefined {
  return load().find((a) => a.id === id);
}
