import "server-only";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { identifyClient } from "@/lib/auth/identify-client";
import { type Role } from "@/lib/auth/roles";
import { addMember, connectOrganization } from "@/lib/people/organizations";
import { createPerson, personByEmail } from "@/lib/people/people";
import type { Format } from "@/lib/i18n/formats";
import { type Language, OFFERED_LANGUAGES } from "@/lib/i18n/languages";
import { consoleConfig } from "@/lib/config/console-env";
import { type DemoAccount, demoCredentials, demoPersonTotpSecret } from "./demo-credentials";

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

/**
 * The quickstart's demo people: colleagues at the demo Clients, each signed in with one click
 * (the embedded demo only), so a newcomer sees what each role is offered.
 */
const DEMO_PEOPLE = [
  {
    key: "northwind-owner",
    account: "master-admin",
    name: "Olivia Owner",
    email: "olivia@northwind.example",
    role: "owner",
  },
  {
    key: "northwind-operator",
    account: "master-admin",
    name: "Oskar Operator",
    email: "oskar@northwind.example",
    role: "operator",
  },
  {
    key: "northwind-billing",
    account: "master-admin",
    name: "Bea Billing",
    email: "bea@northwind.example",
    role: "billing",
  },
  {
    key: "northwind-viewer",
    account: "master-admin",
    name: "Viktor Viewer",
    email: "viktor@northwind.example",
    role: "viewer",
  },
  {
    key: "dealer-clerk",
    account: "dealer",
    name: "Clara Clerk",
    email: "clara@autohaus-am-ring.example",
    role: "operator",
  },
  {
    // A colleague who reads German: German formats and Berlin's time, and German itself once
    // the console offers it (until then a preview, which nobody is given unasked).
    key: "dealer-clerk-german",
    account: "dealer",
    name: "Jonas Lager",
    email: "jonas@autohaus-am-ring.example",
    role: "operator",
    prefers: { language: "de", formats: "de-DE", timeZone: "Europe/Berlin" },
  },
] as const satisfies readonly {
  key: string;
  account: DemoAccount["id"];
  name: string;
  email: string;
  role: Role;
  prefers?: { language: Language; formats: Format; timeZone: string };
}[];

/** A demo person as the sign-in page shows them: who, where, and in which role. */
export interface DemoPersonChoice {
  key: string;
  name: string;
  organization: string;
  role: Role;
}

export function listDemoPeople(): DemoPersonChoice[] {
  const accounts = load();
  return DEMO_PEOPLE.flatMap((p) => {
    const account = accounts.find((a) => a.id === p.account);
    return account ? [{ key: p.key, name: p.name, organization: account.label, role: p.role }] : [];
  });
}

/**
 * The demo person behind a one-click sign-in: their organization connected with the demo
 * account's key, their person and membership made on first use (a random password they never
 * need, and an authenticator secret, so the password path works for them too).
 */
export async function demoPerson(key: string): Promise<{ id: string; email: string } | undefined> {
  const person = DEMO_PEOPLE.find((p) => p.key === key);
  const account = person ? load().find((a) => a.id === person.account) : undefined;
  if (!person || !account) return undefined;
  const org = await connectOrganization(
    await identifyClient(account.apiKey),
    account.apiKey,
    account.label,
  );
  const existing =
    (await personByEmail(person.email)) ??
    (await createPerson({
      email: person.email,
      name: person.name,
      password: randomBytes(24).toString("base64url"),
      totpSecret: demoPersonTotpSecret(account.apiKey, person.key),
      choices:
        "prefers" in person
          ? {
              ...person.prefers,
              language: OFFERED_LANGUAGES.includes(person.prefers.language)
                ? person.prefers.language
                : undefined,
            }
          : undefined,
    })) ??
    (await personByEmail(person.email));
  if (!existing) return undefined;
  await addMember(org.id, existing.id, person.role);
  return { id: existing.id, email: existing.email };
}
