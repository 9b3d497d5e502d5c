import { and, asc, eq, isNotNull } from "drizzle-orm";
import type pg from "pg";
import { type Db, schema } from "../db/database";
import { generateApiKey } from "./api-keys";
import { newId } from "./ids";
import { ApiError, type Caller } from "../core";

export type ClientRow = typeof schema.clients.$inferSelect;
export type KeyRow = typeof schema.apiKeys.$inferSelect;
export type LimitRow = typeof schema.rateLimits.$inferSelect;

/** What a Client's administration shows of it, its keys (never a secret) and its limits. */
export type ShownClient = Pick<
  ClientRow,
  | "id"
  | "name"
  | "isActive"
  | "parentId"
  | "defaultProviderId"
  | "allowlist"
  | "createdAt"
  | "updatedAt"
>;
export type ShownKey = Pick<KeyRow, "id" | "label" | "environment" | "isActive" | "createdAt">;
export type ShownLimit = Omit<LimitRow, "clientId" | "createdAt">;

/** A Client with what its administration shows: key metadata (never a secret) and limits. */
export interface ClientDetails {
  client: ShownClient;
  keys: ShownKey[];
  limits: ShownLimit[];
}

export async function findClient(db: Db, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(schema.clients).where(eq(schema.clients.id, id)).limit(1);
  return row;
}

/** A Sub-user of the caller (or, where `allowSelf`, the caller itself); anything else is 404. */
export async function ownedClient(
  db: Db,
  caller: Caller,
  clientId: string,
  allowSelf = false,
): Promise<ClientRow> {
  // Read here even for the caller itself: the caller's own record carries no balance.
  const client = await findClient(db, clientId);
  const mine =
    client &&
    (client.parentId === caller.client.id || (allowSelf && client.id === caller.client.id));
  if (!mine) {
    throw new ApiError(
      "client_user_not_found",
      `No Sub-user with id ${clientId} belongs to this Master client.`,
    );
  }
  return client;
}

export async function detailOf(db: Db, client: ClientRow): Promise<ClientDetails> {
  const keys = await db
    .select()
    .from(schema.apiKeys)
    .where(eq(schema.apiKeys.clientId, client.id))
    .orderBy(asc(schema.apiKeys.createdAt));
  const limits = await db
    .select()
    .from(schema.rateLimits)
    .where(eq(schema.rateLimits.clientId, client.id));
  return { client, keys, limits };
}

/**
 * A Sub-user as the list reads it: id, name, active, provider, allowlist, created and updated
 * (ms), and created in microseconds (the list's order, with the id).
 */
export type ListedClientRow = [
  string,
  string,
  boolean,
  number | null,
  string[] | null,
  number,
  number,
  number,
];
/** A key as the list reads it: Sub-user id, key id, label, environment, active, created (ms). */
export type ListedKeyRow = [string, string, string | null, string, boolean, number];
/** A rule as the list reads it: Sub-user id, then the rule's shown fields (in rule order). */
export type ListedLimitRow = [string, string, string, number, number, string | null, boolean];

/** Where a batch of the list starts: after this Sub-user (created, in microseconds, and id). */
export type ListPosition = readonly [createdUs: number, id: string];

/**
 * A Master's Sub-users in the list's order (oldest first, then by id byte by byte), with their
 * keys (oldest first) and rules: the whole list, just the Sub-users in `only`, or a batch of
 * `limit` Sub-users after `after` (a list too long to hold is read and sent a batch at a time).
 * Only the columns shown are read, as row arrays, and times travel as integer milliseconds: the
 * driver's parsing of timestamps into dates and its row objects were most of this read's time.
 * Building the list as JSON in PostgreSQL was measured too, and was slower (its `to_char` and
 * `json_build_object` per row).
 */
export async function subUserListRows(
  conn: pg.ClientBase,
  masterId: string,
  { only, after, limit }: { only?: string[]; after?: ListPosition; limit?: number } = {},
) {
  const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::float8`;
  const rows = async <Row>(text: string, values: unknown[]) =>
    (await conn.query<Row[]>({ text, values, rowMode: "array" })).rows as Row[];
  // Microseconds since the epoch fit a double exactly (2^53 µs is year 2255), and travel as text.
  const from = after
    ? `and (created_at, id collate "C") > (timestamptz 'epoch' + $2::bigint * interval '1 microsecond', $3::text collate "C")`
    : only
      ? "and id = any($2::text[])"
      : "";
  const clients = await rows<ListedClientRow>(
    `select id, name, is_active, default_provider_id, allowlist, ${ms("created_at")}, ${ms("updated_at")},
            (extract(epoch from created_at) * 1000000)::float8
       from clients where parent_id = $1 ${from} order by created_at, id collate "C"
       ${limit ? `limit ${Math.floor(limit)}` : ""}`,
    after ? [masterId, String(after[0]), after[1]] : only ? [masterId, only] : [masterId],
  );
  if (clients.length === 0) return { clients, keys: [], limits: [] };
  // A batch's keys and rules are read by its Sub-users' ids alone (they are this Master's, read
  // just above): joined with the Master's Sub-users, each batch read all 100,000 of them.
  const ids = after || only ? clients.map((c) => c[0]) : undefined;
  const whose = (table: string) =>
    ids
      ? { text: `${table}.client_id = any($1::text[])`, values: [ids] }
      : {
          text: `${table}.client_id in (select id from clients where parent_id = $1)`,
          values: [masterId],
        };
  const keysOf = whose("k");
  const keys = await rows<ListedKeyRow>(
    `select k.client_id, k.id, k.label, k.environment, k.is_active, ${ms("k.created_at")}
       from api_keys k where ${keysOf.text} order by k.created_at`,
    keysOf.values,
  );
  const limitsOf = whose("r");
  const limits = await rows<ListedLimitRow>(
    `select r.client_id, r.id, r.endpoint_key, r.window_seconds, r.max_requests, r.api_key_id,
            r.is_active
       from rate_limits r where ${limitsOf.text} order by r.client_id, r.position`,
    limitsOf.values,
  );
  return { clients, keys, limits };
}

/** How many Sub-users a Master has (an index-only count: milliseconds at 100,000). */
export async function subUserCount(conn: pg.ClientBase, masterId: string): Promise<number> {
  const { rows } = await conn.query<{ n: number }>(
    "select count(*)::int as n from clients where parent_id = $1",
    [masterId],
  );
  return rows[0]!.n;
}

/** The version of a Master's Sub-user list (0 until anything in it changed since migration 0011). */
export async function subUserListVersion(db: Db, masterId: string): Promise<number> {
  const [row] = await db
    .select({ version: schema.subUserListVersions.version })
    .from(schema.subUserListVersions)
    .where(eq(schema.subUserListVersions.masterClientId, masterId));
  return row?.version ?? 0;
}

/**
 * The Sub-users of a Master changed (added, altered or gone) after `version` of its list, up to
 * `limit` of them: undefined when more changed (then the whole list is read again).
 */
export async function subUserListChangedSince(
  conn: pg.ClientBase,
  masterId: string,
  version: number,
  limit: number,
): Promise<string[] | undefined> {
  const { rows } = await conn.query<[string]>({
    text: `select client_id from sub_user_list_changes
            where master_client_id = $1 and version > $2 limit $3`,
    values: [masterId, version, limit + 1],
    rowMode: "array",
  });
  return rows.length > limit ? undefined : rows.map(([id]) => id);
}

/** Issues a production key; its plaintext exists only in the value returned here. */
export async function issueApiKey(db: Db, clientId: string, label: string | null, now: Date) {
  const { plaintext, hash } = generateApiKey("production");
  const [row] = await db
    .insert(schema.apiKeys)
    .values({
      id: newId("key"),
      clientId,
      label,
      keyHash: hash,
      environment: "production",
      createdAt: now,
    })
    .returning();
  return { row: row!, plaintext };
}

/** A new client row (a Sub-user of `parent`, or a partner workspace's Client). */
export async function createClient(
  db: Db,
  values: {
    name: string;
    parent: Pick<ClientRow, "id" | "currency">;
    defaultProviderId?: number | null;
    allowlist?: string[] | null;
  },
  now: Date,
): Promise<ClientRow> {
  const [client] = await db
    .insert(schema.clients)
    .values({
      id: newId("cl"),
      name: values.name,
      parentId: values.parent.id,
      defaultProviderId: values.defaultProviderId ?? null,
      allowlist: values.allowlist ?? null,
      currency: values.parent.currency,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return client!;
}

/**
 * Applies permitted changes to a Client; deactivating a Master client deactivates its Sub-users
 * with it.
 */
export async function updateClient(
  db: Db,
  target: ClientRow,
  changes: { name?: string; defaultProviderId?: number | null; isActive?: boolean },
  now: Date,
): Promise<ClientRow> {
  const set: Partial<ClientRow> = { updatedAt: now };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.defaultProviderId !== undefined) set.defaultProviderId = changes.defaultProviderId;
  if (changes.isActive !== undefined && changes.isActive !== target.isActive) {
    set.isActive = changes.isActive;
    set.deactivatedAt = changes.isActive ? null : now;
  }
  const [updated] = await db
    .update(schema.clients)
    .set(set)
    .where(eq(schema.clients.id, target.id))
    .returning();
  if (target.parentId === null && changes.isActive === false) {
    await db
      .update(schema.clients)
      .set({ isActive: false, deactivatedAt: now, updatedAt: now })
      .where(
        and(
          eq(schema.clients.parentId, target.id),
          eq(schema.clients.isActive, true),
          isNotNull(schema.clients.parentId),
        ),
      );
  }
  return updated!;
}

export async function keyIdsOf(db: Db, clientId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: schema.apiKeys.id })
    .from(schema.apiKeys)
    .where(eq(schema.apiKeys.clientId, clientId));
  return new Set(rows.map((k) => k.id));
}

/** Replaces a Client's whole set of rate limits: what is not given is gone. */
export async function replaceRateLimits(
  db: Db,
  clientId: string,
  rules: {
    endpointKey: string;
    windowSeconds: number;
    maxRequests: number;
    apiKeyId?: string;
    isActive?: boolean;
  }[],
  now: Date,
): Promise<LimitRow[]> {
  await db.delete(schema.rateLimits).where(eq(schema.rateLimits.clientId, clientId));
  if (rules.length === 0) return [];
  const stored = await db
    .insert(schema.rateLimits)
    .values(
      rules.map((r, position) => ({
        id: newId("rl"),
        clientId,
        position,
        endpointKey: r.endpointKey,
        windowSeconds: r.windowSeconds,
        maxRequests: r.maxRequests,
        apiKeyId: r.apiKeyId ?? null,
        isActive: r.isActive ?? true,
        createdAt: now,
      })),
    )
    .returning();
  return stored.sort((a, b) => a.position - b.position);
}
