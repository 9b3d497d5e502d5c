import { and, eq, inArray, sql } from "drizzle-orm";
import { type DemoAccount, type DemoCredentials } from "@/lib/demo/demo-credentials";
import { type Db, type PoolDb, schema } from "../db/database";
import { generateApiKey, hashApiKey } from "../domain/api-keys";
import { type KeyEnvironment } from "@/lib/api/contract/api-keys";
import { newId } from "../domain/ids";
import {
  OPEN_GATES,
  type PilotSettings,
  PRODUCTION_PILOT_GATES,
} from "../domain/intelligence/pilot-gates";
import { hashPassword, newPassword } from "../domain/intelligence/pilot-sessions";
import { resetOAuthClientSecret } from "../mcp/oauth/oauth-store";
import { periodOf } from "../domain/period";
import { unitPriceMinor } from "../domain/price-list";
import { type EndpointKey } from "@/lib/api/contract/common";

/** Fixed ids so documentation and tests can name the demo Clients. */
export const DEMO_IDS = {
  northwind: "cl_demo_northwind",
  berlin: "cl_demo_berlin",
  hamburg: "cl_demo_hamburg",
  legacy: "cl_demo_legacy",
  sonnenschein: "cl_demo_sonnenschein",
  dealer: "cl_demo_dealer",
  kraftwerk: "cl_demo_kraftwerk",
  pilotSandbox: "cl_demo_pilot_lab",
  pilotProduction: "cl_demo_pilot_nord",
} as const;

/** The accounts whose keys are handed out, with the label of the key the seed issues each. */
const DEMO_ACCOUNTS: readonly (Omit<DemoAccount, "apiKey"> & { keyLabel: string })[] = [
  {
    id: "master-admin",
    label: "Northwind Parts GmbH (Master admin)",
    description: "Master client: manages Sub-users, keys, limits, grants and partner workspaces.",
    clientId: DEMO_IDS.northwind,
    environment: "production",
    keyLabel: "Admin console",
  },
  {
    id: "sandbox",
    label: "Northwind Parts GmbH (sandbox key)",
    description: "Same Master client in the sandbox: synthetic data only, mutations refused.",
    clientId: DEMO_IDS.northwind,
    environment: "sandbox",
    keyLabel: "Sandbox",
  },
  {
    id: "sub-user",
    label: "Workshop Berlin (Sub-user)",
    description: "Sub-user of Northwind: its own keys, plans and credit; no administrative rights.",
    clientId: DEMO_IDS.berlin,
    environment: "production",
    keyLabel: "Workshop Berlin integration",
  },
  {
    id: "beneficiary",
    label: "Autohaus Sonnenschein (beneficiary)",
    description:
      "Master client sponsored by Northwind and Kraftwerk; chooses billing mode per grant.",
    clientId: DEMO_IDS.sonnenschein,
    environment: "production",
    keyLabel: "Sonnenschein dealer system",
  },
  {
    id: "dealer",
    label: "Autohaus am Ring (dealer)",
    description:
      "A dealer's desk identifying vehicles with the guided VIN flow. Its sandbox key may return to this plain-http console; production keys need the console on HTTPS.",
    clientId: DEMO_IDS.dealer,
    environment: "sandbox",
    keyLabel: "Dealer desk",
  },
  {
    id: "pilot-sandbox",
    label: "Marktlabor Teile KG (Intelligence pilot, sandbox: every gate open)",
    description:
      "Intelligence pilot in the sandbox: observed supply, dealer panel, adaptive refresh and VIN Economic Intelligence all open; refresh jobs and full results.",
    clientId: DEMO_IDS.pilotSandbox,
    environment: "sandbox",
    keyLabel: "Market lab",
  },
  {
    id: "pilot-production",
    label: "Teilehaus Nord AG (Intelligence pilot, production gates)",
    description:
      "Intelligence pilot as production runs it: materialized data only, no observed supply or dealer panel, no refresh, VIN Economic Intelligence disabled.",
    clientId: DEMO_IDS.pilotProduction,
    environment: "production",
    keyLabel: "Pricing desk",
  },
];

/** The pilot accounts, their gates and their sign-in logins (docs/test-data.md). */
const PILOT_ACCOUNTS = [
  {
    accountId: "pilot-sandbox",
    clientId: DEMO_IDS.pilotSandbox,
    name: "Marktlabor Teile KG",
    login: "pilot-sandbox@marktlabor.example",
    settings: { sandbox: OPEN_GATES },
    balanceMinor: 0,
  },
  {
    accountId: "pilot-production",
    clientId: DEMO_IDS.pilotProduction,
    name: "Teilehaus Nord AG",
    login: "pilot-production@teilehaus-nord.example",
    settings: { production: PRODUCTION_PILOT_GATES },
    balanceMinor: 50_000,
  },
] as const satisfies readonly {
  accountId: DemoAccount["id"];
  clientId: string;
  name: string;
  login: string;
  settings: PilotSettings;
  balanceMinor: number;
}[];

/** Creates the pilot Clients a database lacks (also on one seeded before they existed). */
async function ensurePilotClients(db: Db, now: Date) {
  for (const p of PILOT_ACCOUNTS) {
    await db
      .insert(schema.clients)
      .values({
        id: p.clientId,
        name: p.name,
        balanceMinor: p.balanceMinor,
        intelligencePilot: p.settings,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
  }
}

/** Accounts with the service's own sign-in (Intelligence session, OAuth consent). */
const SIGN_IN_LOGINS = new Map<DemoAccount["id"], string>([
  ["master-admin", "admin@northwind.example"],
  ...PILOT_ACCOUNTS.map((p) => [p.accountId, p.login] as [DemoAccount["id"], string]),
]);
/** The agent endpoint's machine client of the enabled account. */
const DEMO_OAUTH_CLIENT = { clientId: "mcpc_demo_northwind", accountId: "master-admin" } as const;

/**
 * What the credentials file carries for an account besides its key, all fresh: a sign-in
 * password, and for the account enabled for the agent endpoint its OAuth client's secret
 * (secrets are stored as digests; the plaintext goes to the file).
 */
async function accountExtras(db: Db, accountId: DemoAccount["id"], now: Date) {
  const account = demoAccount(accountId);
  const login = SIGN_IN_LOGINS.get(accountId);
  const extras: Pick<DemoAccount, "serviceSignIn" | "oauthClient"> = {};
  if (login) {
    const password = newPassword();
    await db
      .insert(schema.serviceSignIns)
      .values({
        login,
        clientId: account.clientId,
        environment: account.environment,
        passwordHash: hashPassword(password),
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: schema.serviceSignIns.login,
        set: { passwordHash: hashPassword(password) },
      });
    extras.serviceSignIn = { login, password };
  }
  if (accountId === DEMO_OAUTH_CLIENT.accountId) {
    await db
      .update(schema.clients)
      .set({ agentAccess: true })
      .where(eq(schema.clients.id, account.clientId));
    await db
      .insert(schema.oauthClients)
      .values({
        clientId: DEMO_OAUTH_CLIENT.clientId,
        secretHash: null,
        name: "Northwind agent (demo machine client)",
        redirectUris: [],
        grantTypes: ["client_credentials"],
        accountClientId: account.clientId,
        environment: account.environment,
        createdAt: now,
      })
      .onConflictDoNothing();
    extras.oauthClient = {
      clientId: DEMO_OAUTH_CLIENT.clientId,
      clientSecret: await resetOAuthClientSecret(db, DEMO_OAUTH_CLIENT.clientId),
    };
  }
  return extras;
}

function demoAccount(id: DemoAccount["id"]) {
  return DEMO_ACCOUNTS.find((a) => a.id === id)!;
}

/** Issues a key in the seed's transaction and returns its plaintext, once. */
async function issueKey(
  db: Db,
  clientId: string,
  label: string,
  environment: KeyEnvironment,
  now: Date,
) {
  const { plaintext, hash } = generateApiKey(environment);
  const id = newId("key");
  await db
    .insert(schema.apiKeys)
    .values({ id, clientId, label, keyHash: hash, environment, createdAt: now });
  return { id, plaintext };
}

const STANDARD_PLANS: { id: string; name: string; endpointKey: EndpointKey; included: number }[] = [
  { id: "plan_vin_starter", name: "VIN Starter", endpointKey: "vin_vehicle", included: 100 },
  {
    id: "plan_vin_parts_starter",
    name: "VIN Parts Starter",
    endpointKey: "vin_parts",
    included: 50,
  },
  {
    id: "plan_cart_starter",
    name: "Cart Check Starter",
    endpointKey: "vin_cart_check",
    included: 100,
  },
  {
    id: "plan_redirect_starter",
    name: "VIN Redirect Starter",
    endpointKey: "vin_redirect",
    included: 200,
  },
  { id: "plan_parts_basic", name: "Parts Basic", endpointKey: "parts_oe", included: 1000 },
  {
    id: "plan_translation_basic",
    name: "Translation Basic",
    endpointKey: "translation",
    included: 10,
  },
  { id: "plan_seo_pay_per_use", name: "SEO Pay per Use", endpointKey: "parts_seo", included: 0 },
];

/**
 * Seeds the documented demo data (docs/demo-data.md) when the database holds no Client yet and
 * returns the plaintext demo keys; returns null on a database that already has Clients.
 */
export async function seedDemoData(db: PoolDb, now: Date): Promise<DemoCredentials | null> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.clients);
  if (count > 0) return null;

  return db.transaction(async (tx) => {
    const accounts: DemoAccount[] = [];
    const client = async (
      id: string,
      name: string,
      opts: Partial<typeof schema.clients.$inferInsert> = {},
    ) => {
      await tx.insert(schema.clients).values({ id, name, createdAt: now, updatedAt: now, ...opts });
    };
    // Each key a millisecond after the one before: a Client's keys are listed by when they were
    // made, and keys of one instant came back in whichever order a query plan read them.
    let keysIssued = 0;
    const issuedAt = () => new Date(now.getTime() + keysIssued++);
    const key = (clientId: string, label: string, environment: KeyEnvironment = "production") =>
      issueKey(tx, clientId, label, environment, issuedAt());
    /** The key handed out for a demo account, issued as the account table says. */
    const handOut = async (id: DemoAccount["id"]) => {
      const { keyLabel, ...account } = demoAccount(id);
      const issued = await issueKey(
        tx,
        account.clientId,
        keyLabel,
        account.environment,
        issuedAt(),
      );
      accounts.push({
        ...account,
        apiKey: issued.plaintext,
        ...(await accountExtras(tx, id, now)),
      });
      return issued;
    };
    const assign = async (clientId: string, planId: string) => {
      const plan = [
        ...STANDARD_PLANS,
        { id: "plan_northwind_normalize", endpointKey: "parts_normalize" },
      ].find((p) => p.id === planId)!;
      await tx
        .insert(schema.clientPlans)
        .values({ clientId, planId, endpointKey: plan.endpointKey, assignedAt: now });
    };
    const period = periodOf(now);
    const usage = async (
      clientId: string,
      apiKeyId: string,
      endpointKey: EndpointKey,
      n: number,
      how: { planId?: string; grantId?: string; payer?: string },
    ) => {
      const source = how.planId ? "plan" : "balance";
      const amountMinor = how.planId ? 0 : unitPriceMinor(endpointKey);
      const rows = Array.from({ length: n }, () => ({
        clientId,
        apiKeyId,
        endpointKey,
        operationId: "seed",
        period,
        source,
        amountMinor,
        payerClientId: how.payer ?? clientId,
        grantId: how.grantId ?? null,
        planId: how.planId ?? null,
        createdAt: now,
      }));
      if (rows.length) await tx.insert(schema.usageEvents).values(rows);
    };

    for (const p of STANDARD_PLANS) {
      await tx.insert(schema.plans).values({
        id: p.id,
        name: p.name,
        type: "standard",
        endpointKey: p.endpointKey,
        includedMonthlyQuantity: p.included,
        createdAt: now,
      });
    }

    // Northwind Parts GmbH: Master client, sponsor.
    await client(DEMO_IDS.northwind, "Northwind Parts GmbH", { balanceMinor: 25_000 });
    await tx.insert(schema.plans).values({
      id: "plan_northwind_normalize",
      name: "Northwind Normalization (custom)",
      type: "custom",
      endpointKey: "parts_normalize",
      includedMonthlyQuantity: 5000,
      ownerClientId: DEMO_IDS.northwind,
      createdAt: now,
    });
    for (const plan of [
      "plan_vin_starter",
      "plan_parts_basic",
      "plan_translation_basic",
      "plan_redirect_starter",
      "plan_northwind_normalize",
    ]) {
      await assign(DEMO_IDS.northwind, plan);
    }
    const northwindKey = await handOut("master-admin");
    await handOut("sandbox");
    await usage(DEMO_IDS.northwind, northwindKey.id, "vin_vehicle", 42, {
      planId: "plan_vin_starter",
    });
    await usage(DEMO_IDS.northwind, northwindKey.id, "translation", 9, {
      planId: "plan_translation_basic",
    });
    await usage(DEMO_IDS.northwind, northwindKey.id, "parts_seo", 3, {});
    // Sub-users of Northwind.
    await client(DEMO_IDS.berlin, "Workshop Berlin", {
      parentId: DEMO_IDS.northwind,
      balanceMinor: 1_500,
      defaultProviderId: 1,
    });
    await assign(DEMO_IDS.berlin, "plan_parts_basic");
    await assign(DEMO_IDS.berlin, "plan_vin_starter");
    const berlinKey = await handOut("sub-user");
    await key(DEMO_IDS.berlin, "Workshop Berlin tablet");
    await tx.insert(schema.rateLimits).values([
      {
        id: newId("rl"),
        clientId: DEMO_IDS.berlin,
        position: 0,
        endpointKey: "vin_vehicle",
        windowSeconds: 60,
        maxRequests: 60,
        createdAt: now,
      },
      {
        id: newId("rl"),
        clientId: DEMO_IDS.berlin,
        position: 1,
        endpointKey: "*",
        windowSeconds: 60,
        maxRequests: 600,
        createdAt: now,
      },
    ]);
    await usage(DEMO_IDS.berlin, berlinKey.id, "parts_oe", 120, { planId: "plan_parts_basic" });
    await usage(DEMO_IDS.berlin, berlinKey.id, "vin_vehicle", 93, { planId: "plan_vin_starter" });
    await client(DEMO_IDS.hamburg, "Workshop Hamburg", {
      parentId: DEMO_IDS.northwind,
      balanceMinor: 500,
      allowlist: ["parts_oe", "parts_normalize", "translation"],
    });
    const hamburgKey = await key(DEMO_IDS.hamburg, "Hamburg shop system");
    await client(DEMO_IDS.legacy, "Legacy Integration", {
      parentId: DEMO_IDS.northwind,
      isActive: false,
      deactivatedAt: now,
    });
    await key(DEMO_IDS.legacy, "Old ERP connector");

    // Autohaus Sonnenschein: Master client that benefits from grants.
    await client(DEMO_IDS.sonnenschein, "Autohaus Sonnenschein", { balanceMinor: 0 });
    const sonnenscheinKey = await handOut("beneficiary");

    // Autohaus am Ring: a dealer, working in the sandbox.
    await client(DEMO_IDS.dealer, "Autohaus am Ring", { balanceMinor: 0 });
    await handOut("dealer");

    // The Intelligence pilot: one sandbox account with every gate open, one with production's gates.
    await ensurePilotClients(tx, now);
    await handOut("pilot-sandbox");
    await handOut("pilot-production");

    // Kraftwerk Teile AG: a second sponsor, using the same reference as Northwind.
    await client(DEMO_IDS.kraftwerk, "Kraftwerk Teile AG", {
      balanceMinor: 10_000,
      billingMode: "invoice",
    });
    await key(DEMO_IDS.kraftwerk, "Kraftwerk admin");

    const grant = async (
      g: Omit<typeof schema.sponsorshipGrants.$inferInsert, "id" | "createdAt" | "updatedAt">,
    ) => {
      const id = newId("gr");
      await tx
        .insert(schema.sponsorshipGrants)
        .values({ id, createdAt: now, updatedAt: now, ...g });
      return id;
    };
    const capped = await grant({
      sponsorClientId: DEMO_IDS.northwind,
      reference: "sonnenschein-vin",
      beneficiaryClientId: DEMO_IDS.sonnenschein,
      endpointKeys: ["vin_redirect", "vin_vehicle", "vin_parts", "vin_cart_check"],
      channels: ["hub"],
      allowPartnerTerms: true,
      monthlyCapMinor: 5_000,
    });
    await usage(DEMO_IDS.sonnenschein, sonnenscheinKey.id, "vin_vehicle", 20, {
      grantId: capped,
      payer: DEMO_IDS.northwind,
    });
    await grant({
      sponsorClientId: DEMO_IDS.northwind,
      reference: "sonnenschein-seo",
      beneficiaryClientId: DEMO_IDS.sonnenschein,
      endpointKeys: ["parts_seo", "translation"],
      allowPartnerTerms: true,
      billingMode: "partner",
    });
    await grant({
      sponsorClientId: DEMO_IDS.northwind,
      reference: "sonnenschein-parts-2025",
      beneficiaryClientId: DEMO_IDS.sonnenschein,
      endpointKeys: ["parts_oe"],
      active: false,
      revokedAt: now,
    });
    await grant({
      sponsorClientId: DEMO_IDS.northwind,
      reference: "berlin-recalls",
      beneficiaryClientId: DEMO_IDS.berlin,
      endpointKeys: ["recalls_vehicle", "recalls_parts"],
    });
    // Near its cap: 184 covered OE look-ups of €0.05 against a €10.00 cap (92 percent).
    const nearCap = await grant({
      sponsorClientId: DEMO_IDS.northwind,
      reference: "hamburg-parts",
      beneficiaryClientId: DEMO_IDS.hamburg,
      endpointKeys: ["parts_oe"],
      monthlyCapMinor: 1_000,
    });
    await usage(DEMO_IDS.hamburg, hamburgKey.id, "parts_oe", 184, {
      grantId: nearCap,
      payer: DEMO_IDS.northwind,
    });
    await grant({
      sponsorClientId: DEMO_IDS.kraftwerk,
      reference: "sonnenschein-vin",
      beneficiaryClientId: DEMO_IDS.sonnenschein,
      endpointKeys: ["vin_economic_evaluation"],
      allowPartnerTerms: true,
      monthlyCapMinor: 20_000,
    });

    // The seeded balance-paid usage was charged; keep balances consistent with it.
    await tx.execute(
      sql`UPDATE clients SET balance_minor = balance_minor - ${3 * unitPriceMinor("parts_seo")} WHERE id = ${DEMO_IDS.northwind}`,
    );
    await tx.execute(
      sql`UPDATE clients SET balance_minor = balance_minor - ${20 * unitPriceMinor("vin_vehicle") + 184 * unitPriceMinor("parts_oe")} WHERE id = ${DEMO_IDS.northwind}`,
    );
    return { createdAt: now.toISOString(), accounts };
  });
}

/**
 * Fresh keys for the demo accounts of a database seeded earlier, for a data directory whose
 * credentials file is missing or names keys this database does not know (the plaintext of a
 * key is never stored, so the old ones cannot be shown again; they keep working). Returns null
 * when the database does not hold the demo accounts.
 */
export async function reissueDemoKeys(db: PoolDb, now: Date): Promise<DemoCredentials | null> {
  const [northwind] = await db
    .select({ id: schema.clients.id })
    .from(schema.clients)
    .where(eq(schema.clients.id, DEMO_IDS.northwind));
  // A demo database from before the pilot accounts existed gets them now.
  if (northwind) await ensurePilotClients(db, now);
  const ids = [...new Set(DEMO_ACCOUNTS.map((a) => a.clientId))];
  const found = await db
    .select({ id: schema.clients.id })
    .from(schema.clients)
    .where(inArray(schema.clients.id, ids));
  if (found.length !== ids.length) return null;
  return db.transaction(async (tx) => {
    const accounts: DemoAccount[] = [];
    const day = now.toISOString().slice(0, 10);
    for (const { keyLabel, ...account } of DEMO_ACCOUNTS) {
      const issued = await issueKey(
        tx,
        account.clientId,
        `${keyLabel} (reissued ${day})`,
        account.environment,
        now,
      );
      accounts.push({
        ...account,
        apiKey: issued.plaintext,
        ...(await accountExtras(tx, account.id, now)),
      });
    }
    return { createdAt: now.toISOString(), accounts };
  });
}

/** Whether every key of a credentials file is a working key of this database. */
export async function demoKeysWork(db: Db, credentials: DemoCredentials): Promise<boolean> {
  // A file from before an account existed lacks it: the accounts are handed out again.
  if (DEMO_ACCOUNTS.some((a) => !credentials.accounts.some((c) => c.id === a.id))) return false;
  if (!credentials.accounts.some((a) => a.oauthClient)) return false;
  const hashes = credentials.accounts.map((a) => hashApiKey(a.apiKey));
  if (hashes.length === 0) return false;
  const rows = await db
    .select({ id: schema.apiKeys.id })
    .from(schema.apiKeys)
    .where(and(inArray(schema.apiKeys.keyHash, hashes), eq(schema.apiKeys.isActive, true)));
  return rows.length === hashes.length;
}
