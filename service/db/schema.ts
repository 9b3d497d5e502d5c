import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** A Client: a Master (no parent) or a Sub-user. Billing, credit, plans and limits attach here. */
export const clients = pgTable(
  "clients",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    parentId: text("parent_id"),
    isActive: boolean("is_active").notNull().default(true),
    defaultProviderId: integer("default_provider_id"),
    /** Enabled endpoint keys; `null` enables every billable endpoint key. */
    allowlist: text("allowlist").array(),
    billingMode: text("billing_mode").notNull().default("prepaid"),
    currency: text("currency").notNull().default("EUR"),
    balanceMinor: bigint("balance_minor", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    /** The Intelligence pilot's gates per environment (`null`: every gate closed). */
    intelligencePilot: jsonb("intelligence_pilot"),
    /** Enabled for the agent (MCP) endpoint's private preview. */
    agentAccess: boolean("agent_access").notNull().default(false),
    /**
     * Bumped by triggers (migration 0007) whenever anything a caller is authorised from changes:
     * any column but the balance and `updated_at`, or any of the Client's rate-limit rules. A
     * remembered caller is good only while its Client's (and Master's) stamp is unchanged.
     */
    authStamp: bigint("auth_stamp", { mode: "number" }).notNull().default(0),
    /** A Master's test clock (reference-service extension): its calls and its Sub-users' run this far ahead. */
    sandboxClockOffsetMs: bigint("sandbox_clock_offset_ms", { mode: "number" })
      .notNull()
      .default(0),
  },
  (t) => [
    index("clients_parent_idx").on(t.parentId),
    // The Sub-user list's order, so a long list is read a batch at a time from where it stopped.
    index("clients_parent_order_idx").on(t.parentId, t.createdAt, sql`${t.id} collate "C"`),
  ],
);

/** The service's own account sign-ins (scrypt password digests): the Intelligence pilot's first-party session and the agent endpoint's OAuth consent. */
export const serviceSignIns = pgTable("pilot_sign_ins", {
  login: text("login").primaryKey(),
  clientId: text("client_id")
    .notNull()
    .references(() => clients.id),
  environment: text("environment").notNull(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

/** First-party sessions (`__Host-service_session`), stored as digests of the cookie value. */
export const pilotSessions = pgTable(
  "pilot_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id),
    environment: text("environment").notNull(),
    csrfToken: text("csrf_token").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("pilot_sessions_expiry_idx").on(t.expiresAt)],
);

/** API keys, stored as SHA-256 digests of the secret; the plaintext is returned once and dropped. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id),
    label: text("label"),
    keyHash: text("key_hash").notNull(),
    environment: text("environment").notNull().default("production"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    index("api_keys_client_idx").on(t.clientId),
  ],
);

/** Plans: standard ones are visible to every Client; custom ones only to their owner. */
export const plans = pgTable("plans", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  type: text("type").notNull(),
  endpointKey: text("endpoint_key").notNull(),
  includedMonthlyQuantity: integer("included_monthly_quantity").notNull(),
  ownerClientId: text("owner_client_id"),
  createdAt: createdAt(),
});

/** Active plan assignments; at most one per Client and endpoint key. */
export const clientPlans = pgTable(
  "client_plans",
  {
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id),
    endpointKey: text("endpoint_key").notNull(),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    assignedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.endpointKey] })],
);

export const rateLimits = pgTable(
  "rate_limits",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id),
    position: integer("position").notNull(),
    endpointKey: text("endpoint_key").notNull(),
    windowSeconds: integer("window_seconds").notNull(),
    maxRequests: integer("max_requests").notNull(),
    apiKeyId: text("api_key_id"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("rate_limits_client_idx").on(t.clientId)],
);

/** Fixed-window counters, shared by every service instance on the database. */
export const rateCounters = pgTable(
  "rate_counters",
  {
    clientId: text("client_id").notNull(),
    ruleKey: text("rule_key").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.ruleKey, t.windowStart] })],
);

/** One row per billable call: who called, who paid, how, and whether it was refunded. */
export const usageEvents = pgTable(
  "usage_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clientId: text("client_id").notNull(),
    apiKeyId: text("api_key_id").notNull(),
    endpointKey: text("endpoint_key").notNull(),
    operationId: text("operation_id").notNull(),
    period: text("period").notNull(),
    source: text("source").notNull(),
    amountMinor: integer("amount_minor").notNull().default(0),
    payerClientId: text("payer_client_id").notNull(),
    grantId: text("grant_id"),
    /**
     * The month of the grant's cap the call counts toward, when it differs from `period`: a grant
     * between two families runs on the instance's clock (null: `period`).
     */
    grantPeriod: text("grant_period"),
    planId: text("plan_id"),
    vin: text("vin"),
    /** `X-Request-Id` of the call: ties a charge to the answer, the job or the replay it paid for. */
    requestId: text("request_id"),
    /** The service instance that answered the call. */
    instanceId: text("instance_id"),
    /**
     * Committed, but its answer (the only way to its outcome: the call had no Idempotency-Key)
     * not yet known to be handed over. Refunded if it never is (see service/pipeline/delivery.ts).
     */
    pendingDelivery: boolean("pending_delivery").notNull().default(false),
    status: text("status").notNull().default("charged"),
    createdAt: createdAt(),
  },
  (t) => [
    index("usage_client_period_idx").on(t.clientId, t.period),
    // Most calls have neither a grant nor a VIN: every usage event written skips these two.
    index("usage_grant_period_idx")
      .on(t.grantId, t.period)
      .where(sql`${t.grantId} is not null`),
    index("usage_vin_idx")
      .on(t.clientId, t.vin, t.period)
      .where(sql`${t.vin} is not null`),
    index("usage_pending_delivery_idx")
      .on(t.instanceId)
      .where(sql`${t.pendingDelivery}`),
    // The sandbox journal says which calls were refunded: few are, found by their request.
    index("usage_refunded_request_idx")
      .on(t.requestId)
      .where(sql`${t.status} = 'refunded'`),
  ],
);

export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    clientId: text("client_id").notNull(),
    key: text("key").notNull(),
    operationId: text("operation_id").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /** `X-Request-Id` of the call whose result this is. */
    requestId: text("request_id"),
    responseStatus: integer("response_status"),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    responseBody: text("response_body"),
    resultAvailable: boolean("result_available").notNull().default(true),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.key] }),
    index("idempotency_expiry_idx").on(t.expiresAt),
  ],
);

export const sponsorshipGrants = pgTable(
  "sponsorship_grants",
  {
    id: text("id").primaryKey(),
    sponsorClientId: text("sponsor_client_id")
      .notNull()
      .references(() => clients.id),
    reference: text("reference").notNull(),
    beneficiaryClientId: text("beneficiary_client_id")
      .notNull()
      .references(() => clients.id),
    endpointKeys: text("endpoint_keys").array().notNull(),
    channels: text("channels")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    allowPartnerTerms: boolean("allow_partner_terms").notNull().default(false),
    monthlyCapMinor: integer("monthly_cap_minor"),
    billingMode: text("billing_mode").notNull().default("own"),
    active: boolean("active").notNull().default(true),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * The beneficiary belongs to another Master's family than the sponsor: the grant's dates and
     * monthly cap then run on the instance's clock, never on either family's sandbox clock. Kept
     * by a trigger (migration 0017) from the two Clients' families.
     */
    crossFamily: boolean("cross_family").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("grants_sponsor_reference_idx").on(t.sponsorClientId, t.reference),
    index("grants_beneficiary_idx").on(t.beneficiaryClientId),
  ],
);

export const partnerWorkspaces = pgTable(
  "partner_workspaces",
  {
    id: text("id").primaryKey(),
    ownerClientId: text("owner_client_id")
      .notNull()
      .references(() => clients.id),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id),
    externalReference: text("external_reference").notNull(),
    name: text("name").notNull(),
    applicationLabel: text("application_label"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("workspaces_owner_reference_idx").on(t.ownerClientId, t.externalReference)],
);

/** Asynchronous work. Its state is derived from `readyAt` when polled, so any instance can answer. */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id").notNull(),
    family: text("family").notNull(),
    status: text("status").notNull(),
    vin: text("vin"),
    result: jsonb("result"),
    error: jsonb("error").$type<{ code: string; message: string }>(),
    /** The order's usage event, refunded if the job fails. */
    chargeEventId: bigint("charge_event_id", { mode: "number" }),
    chargeAmountMinor: integer("charge_amount_minor"),
    chargePayerClientId: text("charge_payer_client_id"),
    createdAt: createdAt(),
    runningAt: timestamp("running_at", { withTimezone: true }).notNull(),
    readyAt: timestamp("ready_at", { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("jobs_client_idx").on(t.clientId),
    // Retention: finished jobs by age, and unfinished ones long past due (settled before they go).
    index("jobs_finished_age_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} in ('succeeded', 'failed')`),
    index("jobs_overdue_idx")
      .on(t.readyAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** Browser-guided VIN sessions: single-use, short-lived, reachable by their random token. */
export const redirectSessions = pgTable("redirect_sessions", {
  token: text("token").primaryKey(),
  clientId: text("client_id").notNull(),
  vin: text("vin").notNull(),
  returnUrl: text("return_url").notNull(),
  state: text("state"),
  /** The environment of the key that opened it: its page follows the sandbox clocks only where they act. */
  environment: text("environment"),
  status: text("status").notNull().default("open"),
  svcId: text("svc_id"),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/** A `svcId` is accessible only to the Client that obtained it. */
export const vehicleAccess = pgTable(
  "vehicle_access",
  {
    clientId: text("client_id").notNull(),
    svcId: text("svc_id").notNull(),
    vehicle: jsonb("vehicle").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.svcId] })],
);

/** The provider a Client used first for a VIN; another one later is a conflict. */
export const vinProviderBindings = pgTable(
  "vin_provider_bindings",
  {
    clientId: text("client_id").notNull(),
    vin: text("vin").notNull(),
    provider: integer("provider").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.vin] })],
);

/** OAuth clients of the agent endpoint: registered dynamically (RFC 7591) or seeded. */
export const oauthClients = pgTable(
  "oauth_clients",
  {
    clientId: text("client_id").primaryKey(),
    /** SHA-256 of the secret; null for public clients (PKCE only). */
    secretHash: text("secret_hash"),
    name: text("name").notNull(),
    redirectUris: text("redirect_uris").array().notNull(),
    grantTypes: text("grant_types").array().notNull(),
    /** The account a machine client (client credentials) acts for, and in which environment. */
    accountClientId: text("account_client_id").references(() => clients.id),
    environment: text("environment"),
    /** The address a dynamic registration came from: registrations are bounded per address. */
    registeredFrom: text("registered_from"),
    /** When a code or a token was last issued to it; a registration never used expires. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("oauth_clients_registered_from_idx").on(t.registeredFrom, t.createdAt)],
);

/** Access and refresh tokens (digests), each bound to one account and environment. */
export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind").notNull(),
    oauthClientId: text("oauth_client_id")
      .notNull()
      .references(() => oauthClients.clientId),
    accountClientId: text("account_client_id")
      .notNull()
      .references(() => clients.id),
    environment: text("environment").notNull(),
    scope: text("scope").notNull(),
    /** The protected resource (RFC 8707) the token is for: only that resource accepts it. */
    resource: text("resource"),
    /**
     * The token family: every token issued from one authorization code (its refresh tokens
     * included) or one client-credentials request. A reused code or refresh token revokes it all.
     */
    familyId: text("family_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("oauth_tokens_expiry_idx").on(t.expiresAt),
    index("oauth_tokens_family_idx").on(t.familyId),
  ],
);

/** Authorization codes (digests): single use, short-lived, bound to a PKCE challenge. */
export const oauthCodes = pgTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  oauthClientId: text("oauth_client_id")
    .notNull()
    .references(() => oauthClients.clientId),
  accountClientId: text("account_client_id")
    .notNull()
    .references(() => clients.id),
  environment: text("environment").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  scope: text("scope").notNull(),
  /** The protected resource the tokens redeemed from it are for (RFC 8707). */
  resource: text("resource"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Password sign-ins (the OAuth consent page, the pilot sign-in): every attempt, so failures are
 * counted per login and source, per source and per login across instances, and kept as a record. An attempt is
 * written before its password is checked, so parallel guesses count each other.
 */
export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Where: `oauth_consent` or `pilot_sign_in`. */
    surface: text("surface").notNull(),
    /** SHA-256 of the login as typed (trimmed, lower case): the record holds no login. */
    loginDigest: text("login_digest").notNull(),
    source: text("source").notNull(),
    /** `pending` while the password is checked, then `failed`, `succeeded` or `throttled`. */
    outcome: text("outcome").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("sign_in_attempts_login_idx").on(t.loginDigest, t.at),
    index("sign_in_attempts_source_idx").on(t.source, t.at),
  ],
);

/**
 * Fault rules of the reference service's sandbox controls (an extension, not the interface):
 * calls of a Master's family matching the operation (and endpoint key) get the rule's effect on
 * the next `remaining` matching calls (every one when null), each with `probability`.
 */
export const sandboxFaultRules = pgTable(
  "sandbox_fault_rules",
  {
    id: text("id").primaryKey(),
    masterClientId: text("master_client_id")
      .notNull()
      .references(() => clients.id),
    operationId: text("operation_id").notNull(),
    endpointKey: text("endpoint_key"),
    effect: jsonb("effect").notNull(),
    remaining: integer("remaining"),
    probability: doublePrecision("probability"),
    firedCount: integer("fired_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_fault_rules_master_idx").on(t.masterClientId)],
);

/** The sandbox controls' request journal: the last calls of each Master's family, metadata only. */
export const sandboxJournal = pgTable(
  "sandbox_journal",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    masterClientId: text("master_client_id").notNull(),
    clientId: text("client_id").notNull(),
    requestId: text("request_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    operationId: text("operation_id").notNull(),
    /** The status the call produced; null when a fault rule dropped it before it did anything. */
    status: integer("status"),
    /** False when a fault rule closed the connection instead of answering. */
    delivered: boolean("delivered").notNull().default(true),
    errorCode: text("error_code"),
    billingSource: text("billing_source"),
    chargedMinor: integer("charged_minor"),
    idempotencyKey: text("idempotency_key"),
    durationMs: doublePrecision("duration_ms").notNull(),
    faultRuleId: text("fault_rule_id"),
  },
  (t) => [index("sandbox_journal_master_idx").on(t.masterClientId, t.id)],
);

/**
 * The sandbox controls' clock of the whole instance (every service sharing the database): one
 * row. Every call runs this far ahead of real time, plus its Master's own clock.
 */
export const sandboxInstanceClock = pgTable("sandbox_instance_clock", {
  id: boolean("id").primaryKey().default(true),
  offsetMs: bigint("offset_ms", { mode: "number" }).notNull().default(0),
});

/**
 * What each demo Master's family looked like right after the demo data was seeded, table by
 * table (rows as JSON), so the sandbox controls can reset a Master to it.
 */
export const sandboxSeedSnapshots = pgTable("sandbox_seed_snapshots", {
  masterClientId: text("master_client_id").primaryKey(),
  tables: jsonb("tables").notNull(),
  takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
  /** Resets done so far: a confirmation names the count it was given at, so it works once. */
  resets: integer("resets").notNull().default(0),
});

/**
 * A version of each Master's Sub-user list: triggers (migration 0011) move it, in the changing
 * transaction, whenever anything the list shows changes (a Sub-user's shown columns, its keys'
 * shown columns, its rate-limit rules). An instance keeps a Master's serialised list only under
 * the version it read, so a change made through any instance is seen by the next read everywhere.
 */
export const subUserListVersions = pgTable("sub_user_list_versions", {
  masterClientId: text("master_client_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
  /** The transaction that last moved the version: its later changes keep it (migration 0016). */
  movedBy: bigint("moved_by", { mode: "number" }),
});

/**
 * Which Sub-users of a Master changed at which version of its list (migration 0015): one row per
 * Sub-user, moved by the same triggers in the same transaction as the version. Versions are drawn
 * under the lock of the Master's version row, so they follow commit order, and an instance that
 * kept the list at version v brings it up to date by reading again only the Sub-users changed
 * after v.
 */
export const subUserListChanges = pgTable(
  "sub_user_list_changes",
  {
    masterClientId: text("master_client_id").notNull(),
    clientId: text("client_id").notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.masterClientId, t.clientId] }),
    index("sub_user_list_changes_version_idx").on(t.masterClientId, t.version),
  ],
);

/**
 * Long Sub-user lists kept serialised in PostgreSQL, an entry per Sub-user (a list of 100,000 is
 * too long to keep in an instance's memory, and too slow to build on every read): each entry as
 * the answer carries it, checked against the contract when it was written, with the list version
 * it was built at (an entry is never replaced by one built at an older version). Read in the
 * list's order, a batch at a time.
 */
export const subUserListEntries = pgTable(
  "sub_user_list_entries",
  {
    masterClientId: text("master_client_id").notNull(),
    clientId: text("client_id").notNull(),
    /** The Sub-user's creation in microseconds since the epoch: the list's order, with the id. */
    createdUs: bigint("created_us", { mode: "number" }).notNull(),
    entry: text("entry").notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.masterClientId, t.clientId] }),
    index("sub_user_list_entries_order_idx").on(
      t.masterClientId,
      t.createdUs,
      sql`${t.clientId} collate "C"`,
    ),
  ],
);

/** The list version each Master's kept entries are all current at. */
export const subUserListEntriesAt = pgTable("sub_user_list_entries_at", {
  masterClientId: text("master_client_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

/**
 * What each charge reads of the month so far, kept by triggers on `usage_events` (migration
 * 0014) in the transaction of every event written, refunded or removed: a charge reads one row
 * instead of counting the month's events, however many there are. The events stay the record;
 * a test holds these totals to them.
 */
export const planPeriodUsage = pgTable(
  "plan_period_usage",
  {
    clientId: text("client_id").notNull(),
    planId: text("plan_id").notNull(),
    period: text("period").notNull(),
    /** Calls charged to the plan's included quantity (source `plan`, not refunded). */
    used: integer("used").notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.planId, t.period] })],
);

export const grantPeriodCoverage = pgTable(
  "grant_period_coverage",
  {
    grantId: text("grant_id").notNull(),
    period: text("period").notNull(),
    /** Calls the grant covered, not refunded. */
    calls: integer("calls").notNull(),
    /** What the sponsor paid for them, in minor units. */
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.grantId, t.period] })],
);

/**
 * Housekeeping rounds claimed per period (its number since the epoch): every instance ticks on
 * its own timer, and the one whose claim lands runs that period's purges and sweep; the others
 * skip it, so retention runs once across instances.
 */
export const housekeepingRounds = pgTable("housekeeping_rounds", {
  slot: bigint("slot", { mode: "number" }).primaryKey(),
  claimedBy: text("claimed_by").notNull(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
});
