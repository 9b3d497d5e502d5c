import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { type Db, schema } from "../db/database";
import { ApiError } from "../pipeline/api-error";
import { type Caller } from "../pipeline/authenticate";
import { generateApiKey } from "./api-keys";
import { newId } from "./ids";

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

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
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
 * A Master's Sub-users, oldest first, with their keys and limits: the list a Master reads whole
 * (10,000 Sub-users and more). Only the columns shown are read, and times travel as integer
 * milliseconds: the driver's parsing of timestamp text into dates was most of this read's time.
 * Building the list as JSON in PostgreSQL was measured too, and was slower (its `to_char` and
 * `json_build_object` per row).
 */
export async function subUsersOf(db: Db, masterId: string): Promise<ClientDetails[]> {
  const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::float8`);
  const { rows: clientRows } = await db.execute<{
    id: string;
    name: string;
    is_active: boolean;
    default_provider_id: number | null;
    allowlist: string[] | null;
    created_ms: number;
    updated_ms: number;
  }>(sql`select id, name, is_active, default_provider_id, allowlist,
           ${ms("created_at")} as created_ms, ${ms("updated_at")} as updated_ms
         from clients where parent_id = ${masterId} order by created_at, id`);
  if (clientRows.length === 0) return [];
  const { rows: keyRows } = await db.execute<{
    id: string;
    client_id: string;
    label: string | null;
    environment: string;
    is_active: boolean;
    created_ms: number;
  }>(sql`select k.id, k.client_id, k.label, k.environment, k.is_active, ${ms("k.created_at")} as created_ms
         from api_keys k join clients c on c.id = k.client_id
         where c.parent_id = ${masterId} order by k.created_at`);
  const { rows: limitRows } = await db.execute<{
    id: string;
    client_id: string;
    position: number;
    endpoint_key: string;
    window_seconds: number;
    max_requests: number;
    api_key_id: string | null;
    is_active: boolean;
  }>(sql`select r.id, r.client_id, r.position, r.endpoint_key, r.window_seconds, r.max_requests,
           r.api_key_id, r.is_active
         from rate_limits r join clients c on c.id = r.client_id
         where c.parent_id = ${masterId}`);
  const keysBy = groupBy(keyRows, (k) => k.client_id);
  const limitsBy = groupBy(limitRows, (l) => l.client_id);
  return clientRows.map((c) => ({
    client: {
      id: c.id,
      name: c.name,
      isActive: c.is_active,
      parentId: masterId,
      defaultProviderId: c.default_provider_id,
      allowlist: c.allowlist,
      createdAt: new Date(c.created_ms),
      updatedAt: new Date(c.updated_ms),
    },
    keys: (keysBy.get(c.id) ?? []).map((k) => ({
      id: k.id,
      label: k.label,
      environment: k.environment,
      isActive: k.is_active,
      createdAt: new Date(k.created_ms),
    })),
    limits: (limitsBy.get(c.id) ?? []).map((l) => ({
      id: l.id,
      position: l.position,
      endpointKey: l.endpoint_key,
      windowSeconds: l.window_seconds,
      maxRequests: l.max_requests,
      apiKeyId: l.api_key_id,
      isActive: l.is_active,
    })),
  }));
}

/** The version of a Master's Sub-user list (0 until anything in it changed since migration 0011). */
export async function subUserListVersion(db: Db, masterId: string): Promise<number> {
  const [row] = await db
    .select({ version: schema.subUserListVersions.version })
    .from(schema.subUserListVersions)
    .where(eq(schema.subUserListVersions.masterClientId, masterId));
  return row?.version ?? 0;
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
