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

/** A demo account as anyone may see it on the sign-in page: no key, no password, no secret. */
export type DemoChoice = Pick<DemoAccount, "id" | "label" | "description" | "environment">;

/**
 * What the anonymous sign-in page shows: names and descriptions only. The keys stay on the
 * server (a one-click sign-in names the account), and so do the service sign-ins and OAuth
 * client secrets: a browser gets a demo secret only from `demoServiceSignInFor`, after a click.
 */
export function listDemoAccounts(): DemoChoice[] {
  return load().map(({ id, label, description, environment }) => ({
    id,
    label,
    description,
    environment,
  }));
}

/**
 * The service sign-in of the demo account a session is signed in as (its own Client and
 * environment), for the one flow that needs it typed on the service's page; none otherwise.
 */
export function demoServiceSignInFor(session: {
  clientId: string;
  environment: string;
}): DemoAccount["serviceSignIn"] {
  return load().find(
    (a) => a.clientId === session.clientId && a.environment === session.environment,
  )?.serviceSignIn;
}

export function demoAccount(id: string): DemoAccount | undefined {
  return load().find((a) => a.id === id);
}
