import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { type Db, schema } from "../db/database";
import { ApiError } from "../pipeline/api-error";
import { type Caller } from "../pipeline/authenticate";
import { generateApiKey } from "./api-keys";
import { newId } from "./ids";

export type ClientRow = typeof schema.clients.$inferSelect;
export type KeyRow = typeof schema.apiKeys.$inferSelect;
export type LimitRow = typeof schema.rateLimits.$inferSelect;

/** A Client with what its administration shows: key metadata (never a secret) and limits. */
export interface ClientDetails {
  client: ClientRow;
  keys: KeyRow[];
  limits: LimitRow[];
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

/**
 * Clients with their keys and limits in three queries, whatever their number. When `clients`
 * are all of `parentId`'s Sub-users, keys and limits are selected by that parent rather than by
 * thousands of bound ids.
 */
export async function detailsOf(
  db: Db,
  clients: ClientRow[],
  parentId?: string,
): Promise<ClientDetails[]> {
  if (clients.length === 0) return [];
  const ids = parentId
    ? db
        .select({ id: schema.clients.id })
        .from(schema.clients)
        .where(eq(schema.clients.parentId, parentId))
    : clients.map((c) => c.id);
  const keys = await db
    .select()
    .from(schema.apiKeys)
    .where(inArray(schema.apiKeys.clientId, ids))
    .orderBy(asc(schema.apiKeys.createdAt));
  const limits = await db
    .select()
    .from(schema.rateLimits)
    .where(inArray(schema.rateLimits.clientId, ids));
  const keysBy = groupBy(keys, (k) => k.clientId);
  const limitsBy = groupBy(limits, (l) => l.clientId);
  return clients.map((client) => ({
    client,
    keys: keysBy.get(client.id) ?? [],
    limits: limitsBy.get(client.id) ?? [],
  }));
}

export async function detailOf(db: Db, client: ClientRow): Promise<ClientDetails> {
  const [details] = await detailsOf(db, [client]);
  return details!;
}

/** A Master's Sub-users, oldest first, with their keys and limits. */
export async function subUsersOf(db: Db, masterId: string): Promise<ClientDetails[]> {
  const subUsers = await db
    .select()
    .from(schema.clients)
    .where(eq(schema.clients.parentId, masterId))
    .orderBy(asc(schema.clients.createdAt), asc(schema.clients.id));
  return detailsOf(db, subUsers, masterId);
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
