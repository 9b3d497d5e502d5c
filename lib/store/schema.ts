import type { ReceiptFacts } from "../billing/receipt-facts";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  foreignKey,
  integer,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** What a usage reading keeps of each endpoint key and plan (month-to-date figures). */
export interface UsageReadingEndpoint {
  endpointKey: string;
  calls: number;
  chargedMinor: number | null;
}
export interface UsageReadingPlan {
  planId: string;
  name: string | null;
  endpointKey: string;
  included: number;
  used: number;
  state: "ok" | "warning" | "exhausted" | "no_quota";
}

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Signed-in sessions. The cookie carries only an opaque id; the store keeps its SHA-256 digest,
 * so reading this table never yields a usable cookie. A session is a person's (`personId`, who
 * acts with the organization's stored key and the role their membership gives, read on every
 * request) or a key holder's (`keyCiphertext`, the key they signed in with, encrypted).
 */
export const sessions = pgTable(
  "console_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    clientId: text("client_id").notNull(),
    isMaster: boolean("is_master").notNull(),
    environment: text("environment").notNull(),
    accountLabel: text("account_label"),
    keyCiphertext: text("key_ciphertext"),
    organizationId: text("organization_id"),
    personId: text("person_id"),
    /** The browser, as its User-Agent names it, and where the session started. */
    device: text("device"),
    sourceAddress: text("source_address"),
    /**
     * When the person last confirmed it was them, in this session's organization: a passkey, a
     * code, or a sign-on by that organization's provider. Switching organizations clears it.
     */
    steppedUpAt: at("stepped_up_at"),
    /**
     * The organization whose identity provider signed this session in: that provider vouches for
     * the person there only, so the session moves to another organization only after the person
     * confirms with their own passkey or code.
     */
    ssoOrganizationId: text("sso_organization_id"),
    /** Ended by an admin (or by the person elsewhere): its next request signs it out, saying so. */
    endedAt: at("ended_at"),
    createdAt: at("created_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [
    index("console_sessions_expiry_idx").on(t.expiresAt),
    index("console_sessions_person_idx").on(t.personId),
  ],
);

/**
 * A Client connected to the console: the key its first person signed in with, encrypted, used
 * for every member from then on; one per Client and environment.
 */
export const organizations = pgTable(
  "console_organizations",
  {
    id: text("id").primaryKey(),
    clientId: text("client_id").notNull(),
    environment: text("environment").notNull(),
    isMaster: boolean("is_master").notNull(),
    name: text("name").notNull(),
    keyCiphertext: text("key_ciphertext").notNull(),
    /** Whether anyone but the owner may still sign in with the stored key's Client key. */
    keySignIn: boolean("key_sign_in").notNull().default(true),
    createdAt: at("created_at").notNull().defaultNow(),
    keyReplacedAt: at("key_replaced_at"),
  },
  (t) => [uniqueIndex("console_organizations_client_idx").on(t.clientId, t.environment)],
);

/** People who sign in as themselves. An email address is one person, kept in lower case. */
export const people = pgTable("console_people", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  /** scrypt, with its parameters and salt (`scrypt$N$r$p$salt$hash`); none for passkey-only people. */
  passwordHash: text("password_hash"),
  /** The TOTP secret, encrypted; confirmed once a code from it was entered. */
  totpCiphertext: text("totp_ciphertext"),
  totpConfirmedAt: at("totp_confirmed_at"),
  /** The last TOTP time step used, so a code works once. */
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
  /**
   * The person's own choices, wherever they sign in (`lib/i18n/preferences.ts`): the console's
   * language, how numbers, money and dates are written, and the time zone dates are shown in.
   * None chosen follows the browser.
   */
  language: text("language"),
  formats: text("formats"),
  timeZone: text("time_zone"),
  createdAt: at("created_at").notNull().defaultNow(),
});

export const memberships = pgTable(
  "console_memberships",
  {
    organizationId: text("organization_id").notNull(),
    personId: text("person_id").notNull(),
    role: text("role").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.personId] }),
    index("console_memberships_person_idx").on(t.personId),
  ],
);

/** An invitation: a single-use link (its token kept as a digest), for one address and role. */
export const invitations = pgTable(
  "console_invitations",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by"),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    acceptedAt: at("accepted_at"),
    revokedAt: at("revoked_at"),
  },
  (t) => [index("console_invitations_org_idx").on(t.organizationId)],
);

/** A person's passkeys (WebAuthn credentials): the public key and the signature counter. */
export const passkeys = pgTable(
  "console_passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    personId: text("person_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull(),
    transports: jsonb("transports").$type<string[]>(),
    name: text("name").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    lastUsedAt: at("last_used_at"),
  },
  (t) => [index("console_passkeys_person_idx").on(t.personId)],
);

/**
 * WebAuthn challenges, single-use and short-lived, kept in the shared store so any console
 * instance can finish a ceremony another began. `purpose` says what the ceremony is for, and
 * `state` what it needs to finish (who, where, an invitation's token digest).
 */
export const webauthnChallenges = pgTable("console_webauthn_challenges", {
  id: text("id").primaryKey(),
  challenge: text("challenge").notNull(),
  purpose: text("purpose").notNull(),
  state: jsonb("state").$type<Record<string, string>>().notNull(),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at"),
});

/**
 * An organization's identity provider (OpenID Connect): people of the organization's verified
 * email domains sign in through it and join with the default role the first time. The client
 * secret is encrypted.
 */
export const identityProviders = pgTable("console_identity_providers", {
  organizationId: text("organization_id").primaryKey(),
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  clientSecretCiphertext: text("client_secret_ciphertext").notNull(),
  defaultRole: text("default_role").notNull(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/**
 * Email domains an organization claims for single sign-on. A claim counts once the domain's DNS
 * carries the claim's token (`verifiedAt`); one domain is verified for one organization at a time.
 */
export const ssoDomains = pgTable(
  "console_sso_domains",
  {
    organizationId: text("organization_id").notNull(),
    domain: text("domain").notNull(),
    /** What the domain's TXT record must carry; public by nature (anyone can read DNS). */
    token: text("token").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    verifiedAt: at("verified_at"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.domain] }),
    uniqueIndex("console_sso_domains_verified_idx")
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/**
 * Who a provider's subject is, per organization: an identity is found by (organization,
 * issuer, subject), never by its email address, so one organization's provider never signs in a
 * person it does not vouch for.
 */
export const ssoIdentities = pgTable(
  "console_sso_identities",
  {
    organizationId: text("organization_id").notNull(),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    personId: text("person_id").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.issuer, t.subject] }),
    index("console_sso_identities_person_idx").on(t.personId),
  ],
);

/**
 * Single sign-ons under way: the state (as a digest) and nonce, single-use. The PKCE verifier
 * and the state itself live in a short-lived cookie of the browser that began the flow.
 */
export const ssoFlows = pgTable("console_sso_flows", {
  stateHash: text("state_hash").primaryKey(),
  organizationId: text("organization_id").notNull(),
  issuer: text("issuer").notNull(),
  nonce: text("nonce").notNull(),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at"),
});

/**
 * A provider's identity whose address belongs to a person who signs in here already: linked
 * once that person signs in as themselves, in the browser that came back from the provider.
 */
export const ssoPendingLinks = pgTable("console_sso_pending_links", {
  idHash: text("id_hash").primaryKey(),
  organizationId: text("organization_id").notNull(),
  issuer: text("issuer").notNull(),
  subject: text("subject").notNull(),
  personId: text("person_id").notNull(),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at"),
});

/**
 * Sign-in attempts (and step-up confirmations), shared by every console instance. An attempt
 * is written before its password or code is checked, as `pending`, and counts as a failure
 * until it turns out otherwise: of many parallel guesses, at most the bound are checked.
 */
export const signInAttempts = pgTable(
  "console_sign_in_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** What was tried: a sign-in, an invitation's acceptance, a step-up. */
    surface: text("surface").notNull(),
    /** A digest of the account (an address as typed, a passkey, a person). */
    account: text("account").notNull(),
    source: text("source").notNull(),
    outcome: text("outcome").$type<"pending" | "failed" | "succeeded" | "throttled">().notNull(),
    at: at("at").notNull(),
  },
  (t) => [
    index("console_sign_in_attempts_account_idx").on(t.account, t.at),
    index("console_sign_in_attempts_source_idx").on(t.source, t.at),
  ],
);

/** Every mutating action taken through the console: who, what, on what, when, how it ended. Never a secret. */
export const auditLog = pgTable(
  "console_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clientId: text("client_id").notNull(),
    operationId: text("operation_id").notNull(),
    target: text("target"),
    outcome: text("outcome").notNull(),
    errorCode: text("error_code"),
    idempotencyKey: text("idempotency_key"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    /** Who: a person (their id and address at the time) with their role, or the key holder. */
    actorPersonId: text("actor_person_id"),
    actor: text("actor"),
    actorRole: text("actor_role"),
    /** Whose log it is: the people of this organization read it, nobody else. */
    organizationId: text("organization_id"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    // Pages by position; retention by age.
    index("console_audit_page_idx").on(t.organizationId, t.createdAt, t.id),
    index("console_audit_age_idx").on(t.createdAt),
  ],
);

/**
 * `X-Service-Usage-Warning` texts received for a Client, shown as a banner until dismissed. One
 * row per topic (the text with its figures taken out), so "90 percent" and "91 percent" of one
 * plan are one warning showing the latest text.
 */
export const usageWarnings = pgTable(
  "console_usage_warnings",
  {
    clientId: text("client_id").notNull(),
    topic: text("topic").notNull(),
    text: text("text").notNull(),
    firstSeenAt: at("first_seen_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    dismissed: boolean("dismissed").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.topic] })],
);

/**
 * Usage readings the console took (the interface reports only the current period): at most one
 * per Client and hour, the latest of that hour, which is enough for daily figures and bounded.
 */
export const usageReadings = pgTable(
  "console_usage_readings",
  {
    clientId: text("client_id").notNull(),
    hour: at("hour").notNull(),
    takenAt: at("taken_at").notNull(),
    source: text("source").$type<"page" | "schedule">().notNull(),
    periodStart: at("period_start").notNull(),
    periodEnd: at("period_end").notNull(),
    currency: text("currency"),
    balanceMinor: bigint("balance_minor", { mode: "number" }),
    endpoints: jsonb("endpoints").$type<UsageReadingEndpoint[]>().notNull(),
    plans: jsonb("plans").$type<UsageReadingPlan[]>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.hour] }),
    index("console_usage_readings_taken_idx").on(t.takenAt),
  ],
);

/**
 * Each Client's figures at the last reading of each billing period: the period's totals (the
 * interface's counters run month to date). Written with every reading, so the months stay when
 * the readings themselves age out (`lib/store/retention.ts`); one row per Client and period.
 */
export const usageMonths = pgTable(
  "console_usage_months",
  {
    clientId: text("client_id").notNull(),
    periodStart: at("period_start").notNull(),
    periodEnd: at("period_end").notNull(),
    /** When the reading these figures come from was taken. */
    takenAt: at("taken_at").notNull(),
    currency: text("currency"),
    endpoints: jsonb("endpoints").$type<UsageReadingEndpoint[]>().notNull(),
    plans: jsonb("plans").$type<UsageReadingPlan[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.periodStart] })],
);

/**
 * Partner workspaces this console provisioned, by attempt. The service offers no look-up by
 * `externalReference`, so this registry is how a duplicate or an unknown outcome is traced back.
 */
export const workspaceRegistry = pgTable(
  "console_workspace_registry",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ownerClientId: text("owner_client_id").notNull(),
    externalReference: text("external_reference").notNull(),
    name: text("name").notNull(),
    workspaceId: text("workspace_id"),
    workspaceClientId: text("workspace_client_id"),
    grantReference: text("grant_reference"),
    outcome: text("outcome").notNull(),
    errorCode: text("error_code"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("console_workspace_owner_idx").on(t.ownerClientId, t.externalReference)],
);

/**
 * A dealer's VIN redirect flow: the `state` sent to the service (kept as a digest), bound to the
 * browser session that started it, single-use, with the VIN as entered (the callback never
 * carries it).
 */
export const vinFlows = pgTable(
  "console_vin_flows",
  {
    id: text("id").primaryKey(),
    sessionIdHash: text("session_id_hash").notNull(),
    organizationId: text("organization_id").notNull(),
    clientId: text("client_id").notNull(),
    stateHash: text("state_hash").notNull(),
    vin: text("vin").notNull(),
    note: text("note"),
    outcome: text("outcome"),
    svcId: text("svc_id"),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [index("console_vin_flows_state_idx").on(t.stateHash)],
);

/** Jobs started from this console (the service has no list operation). */
export const jobRecords = pgTable(
  "console_jobs",
  {
    id: text("id").primaryKey(),
    /** The organization that started it: only its people see it. */
    organizationId: text("organization_id"),
    clientId: text("client_id").notNull(),
    family: text("family").notNull(),
    serviceJobId: text("service_job_id"),
    statusUrl: text("status_url"),
    status: text("status").notNull(),
    input: jsonb("input").$type<Record<string, unknown>>().notNull(),
    result: jsonb("result"),
    error: jsonb("error").$type<{ code: string; message: string }>(),
    quarantine: jsonb("quarantine").$type<{ statusUrl: string; location: string | null }>(),
    retryAfterSeconds: integer("retry_after_seconds"),
    /** How the order was settled, from its response headers (a failed job's order is refunded). */
    receipt: jsonb("receipt").$type<ReceiptFacts>(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // Pages by position; retention of finished jobs by their last change.
    index("console_jobs_page_idx").on(t.organizationId, t.createdAt, t.id),
    index("console_jobs_finished_age_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} not in ('queued', 'running')`),
    // A page's latest jobs of some kinds, of one VIN, or of one Intelligence cluster: found
    // directly, not by reading back through all of the organization's jobs.
    index("console_jobs_family_idx").on(t.organizationId, t.family, t.createdAt),
    index("console_jobs_vin_idx").on(t.organizationId, sql`(${t.input} ->> 'vin')`, t.createdAt),
    index("console_jobs_cluster_idx")
      .on(t.organizationId, sql`(${t.result} -> 'cluster' ->> 'clusterId')`, t.updatedAt)
      .where(sql`${t.family} = 'part_intelligence' and ${t.status} = 'succeeded'`),
  ],
);

/**
 * The console as an OAuth client of the agent endpoint: its registration per redirect address,
 * the PKCE flows in progress (bound to a browser session), and each Client's tokens (encrypted).
 */
export const agentRegistrations = pgTable("console_agent_registrations", {
  redirectUri: text("redirect_uri").primaryKey(),
  oauthClientId: text("oauth_client_id").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

export const agentAuthorizations = pgTable("console_agent_authorizations", {
  stateHash: text("state_hash").primaryKey(),
  sessionIdHash: text("session_id_hash").notNull(),
  organizationId: text("organization_id").notNull(),
  clientId: text("client_id").notNull(),
  oauthClientId: text("oauth_client_id").notNull(),
  verifierCiphertext: text("verifier_ciphertext").notNull(),
  expiresAt: at("expires_at").notNull(),
});

/**
 * One connection per organization (so per Client and environment): the people of another
 * organization, the same Client's sandbox organization beside its production one say, never
 * use it.
 */
export const agentConnections = pgTable("console_agent_connections", {
  organizationId: text("organization_id").primaryKey(),
  clientId: text("client_id").notNull(),
  environment: text("environment").notNull(),
  oauthClientId: text("oauth_client_id").notNull(),
  accessCiphertext: text("access_ciphertext").notNull(),
  refreshCiphertext: text("refresh_ciphertext"),
  scope: text("scope").notNull(),
  expiresAt: at("expires_at").notNull(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/**
 * The calls this console made to the service for each Client: what, how it ended, who paid and
 * how long it took. Never a key, never a request or response body.
 */
export const requestLog = pgTable(
  "console_request_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The organization whose session made the call: only its people read the entry. */
    organizationId: text("organization_id"),
    clientId: text("client_id").notNull(),
    operationId: text("operation_id").notNull(),
    /** HTTP status, or null when no answer arrived. */
    status: integer("status"),
    errorCode: text("error_code"),
    billingSource: text("billing_source"),
    replayed: boolean("replayed").notNull().default(false),
    durationMs: integer("duration_ms").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    // Pages by position; retention by age.
    index("console_request_log_page_idx").on(t.organizationId, t.createdAt, t.id),
    index("console_request_log_age_idx").on(t.createdAt),
  ],
);

/**
 * Scheduled work claimed per slot (a job's name and the number of its period since the epoch):
 * the console instance whose insert wins runs that round; the others skip it, so work such as
 * the usage readings runs once across instances, not once per instance.
 */
export const scheduledRounds = pgTable(
  "console_scheduled_rounds",
  {
    job: text("job").notNull(),
    slot: bigint("slot", { mode: "number" }).notNull(),
    claimedBy: text("claimed_by").notNull(),
    claimedAt: at("claimed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slot] })],
);

/**
 * The console's index of each Master's Sub-users, so its pages page, search and sort in SQL
 * rather than reading the whole list from the service (which has no paging). The console's own
 * writes update a row at once; the list read whole (conditionally, by its ETag where the service
 * gives one) refreshes the rest. `entry` is the Sub-user as the service last sent it.
 */
export const subUsers = pgTable(
  "console_sub_users",
  {
    masterId: text("master_id").notNull(),
    subUserId: text("sub_user_id").notNull(),
    name: text("name"),
    /** The name folded for ordering: lower case, digit runs padded, so "Workshop 9" < "Workshop 10". */
    nameKey: text("name_key").notNull(),
    /** Name and id as a search compares them (`searchText`), what a search matches. */
    haystack: text("haystack").notNull(),
    isActive: boolean("is_active"),
    createdAt: at("created_at"),
    keyCount: integer("key_count"),
    entry: jsonb("entry").$type<Record<string, unknown>>().notNull(),
    /** When the console's own write last changed it: a refresh that began earlier leaves it be. */
    writtenAt: at("written_at"),
  },
  (t) => [
    primaryKey({ columns: [t.masterId, t.subUserId] }),
    // Carries what a search and the status filter test, so walking the name order to find a
    // page's matches reads the index alone (ids are unique: the last two columns never order).
    index("console_sub_users_name_idx").on(
      t.masterId,
      sql`${t.nameKey} collate "C"`,
      sql`${t.subUserId} collate "C"`,
      t.haystack,
      t.isActive,
    ),
    index("console_sub_users_created_idx").on(
      t.masterId,
      t.createdAt,
      sql`${t.subUserId} collate "C"`,
    ),
    index("console_sub_users_id_idx").on(t.subUserId),
    index("console_sub_users_status_idx").on(t.masterId, t.isActive),
  ],
);

/**
 * What a search of the index reads, apart from its rows and kept in name order, so a search that
 * matches thousands reads a few hundred pages rather than one per match (a page of the index's
 * table holds twenty rows in the service's order: "werkstatt mü" read 5,000 pages at 100,000
 * Sub-users). A trigger on `console_sub_users` keeps each row as its source is written; a refresh
 * writes a Master's rows again in name order once enough were written since (`unordered`).
 */
export const subUserSearch = pgTable(
  "console_sub_user_search",
  {
    masterId: text("master_id").notNull(),
    subUserId: text("sub_user_id").notNull(),
    nameKey: text("name_key").notNull(),
    haystack: text("haystack").notNull(),
    isActive: boolean("is_active"),
    createdAt: at("created_at"),
    /** Which stretch of the Master's name order holds the row (`subUserSearchChunks`). */
    chunk: integer("chunk").notNull().default(0),
    /**
     * The haystack's trigrams, each hashed with the Master and the chunk
     * (`console_sub_user_search_keys`, migrations 0024 and 0027): a search asks one chunk at a
     * time for the rows holding all of its own, in name order, and stops once it has enough.
     */
    keys: bigint("keys", { mode: "number" })
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ columns: [t.masterId, t.subUserId] }),
    // A short pending list: every chunk a search reads scans it whole (128 kB: some 500 rows
    // written since the last vacuum; a rewrite of 100,000 rows takes 2.5 s, 15 without one).
    index("console_sub_user_search_keys_idx")
      .using("gin", t.keys)
      .with({ gin_pending_list_limit: 128 }),
    // A search too short for a trigram reads a chunk's rows by this.
    index("console_sub_user_search_chunk_idx").on(t.masterId, t.chunk),
  ],
);

/**
 * Where each stretch ("chunk") of a Master's name order begins: its first name key and id. A
 * rewrite of the search cuts the order into about fifty (`console_sub_user_search_rewrite`); a row
 * written since joins the last chunk that begins at or before it. So the chunks follow the name
 * order, and a search that reads them in turn, each sorted, reads its matches in name order, and
 * reads no further than the chunk that fills its page: "werkstatt", 25,000 matches after three
 * quarters of the names at 100,000 Sub-users, read 37 empty chunks by their keys (a few GIN pages
 * each) and one full one, 4 ms, where sorting every match took 16 and walking the names 60.
 */
export const subUserSearchChunks = pgTable(
  "console_sub_user_search_chunks",
  {
    masterId: text("master_id").notNull(),
    chunk: integer("chunk").notNull(),
    nameKey: text("name_key").notNull(),
    subUserId: text("sub_user_id").notNull(),
    /** Chunk 0's: the trigrams most of the Master's rows hold, which a search leaves out. */
    common: text("common")
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [primaryKey({ columns: [t.masterId, t.chunk] })],
);

/**
 * Each indexed Sub-user's latest usage reading: its most urgent plan state, shown in the list and
 * filtered by. Apart from the index's rows, so a reading (hourly, per Sub-user) never rewrites a
 * searched row: each rewrite would add its trigrams to the search index again and leave a dead
 * row every count and walk of the list would read past until vacuumed.
 */
export const subUserUsage = pgTable(
  "console_sub_user_usage",
  {
    masterId: text("master_id").notNull(),
    subUserId: text("sub_user_id").notNull(),
    flag: text("flag").$type<"warning" | "exhausted">(),
    readAt: at("read_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.masterId, t.subUserId] }),
    foreignKey({
      name: "console_sub_user_usage_sub_user_fk",
      columns: [t.masterId, t.subUserId],
      foreignColumns: [subUsers.masterId, subUsers.subUserId],
    }).onDelete("cascade"),
    index("console_sub_user_usage_flagged_idx")
      .on(t.masterId)
      .where(sql`${t.flag} is not null`),
  ],
);

/** Each Master's index as a whole: when and at which ETag it was last refreshed, and by whom. */
export const subUserLists = pgTable("console_sub_user_lists", {
  masterId: text("master_id").primaryKey(),
  /** The number of the last completed refresh (0: never built). */
  refresh: bigint("refresh", { mode: "number" }).notNull().default(0),
  refreshedAt: at("refreshed_at"),
  etag: text("etag"),
  /** The Sub-users the index holds for this Master (counted at each refresh, kept by own writes). */
  total: integer("total").notNull().default(0),
  /** Rows a refresh wrote, or the console added, since a refresh last wrote the search in order. */
  unordered: integer("unordered").notNull().default(0),
  /** A refresh under way holds this lease, so instances do not read the same list at once. */
  leasedUntil: at("leased_until"),
});
