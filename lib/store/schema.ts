import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Signed-in sessions. The cookie carries only an opaque id; the store keeps its SHA-256 digest,
 * so reading this table never yields a usable cookie. The API key is encrypted (AES-256-GCM).
 */
export const sessions = pgTable(
  "console_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    clientId: text("client_id").notNull(),
    isMaster: boolean("is_master").notNull(),
    environment: text("environment").notNull(),
    accountLabel: text("account_label"),
    keyCiphertext: text("key_ciphertext").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("console_sessions_expiry_idx").on(t.expiresAt)],
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
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("console_audit_client_idx").on(t.clientId, t.createdAt)],
);

/** `X-Service-Usage-Warning` texts received for a Client, shown as a banner until dismissed. */
export const usageWarnings = pgTable(
  "console_usage_warnings",
  {
    clientId: text("client_id").notNull(),
    text: text("text").notNull(),
    firstSeenAt: at("first_seen_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    dismissed: boolean("dismissed").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.text] })],
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
