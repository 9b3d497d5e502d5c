import { asc, eq, inArray } from "drizzle-orm";
import { type Db, schema } from "../../db/database";

type ClientRow = typeof schema.clients.$inferSelect;
type KeyRow = typeof schema.apiKeys.$inferSelect;
type LimitRow = typeof schema.rateLimits.$inferSelect;

export function toStoredRateLimit(r: LimitRow) {
  return {
    id: r.id,
    endpointKey: r.endpointKey as never,
    windowSeconds: r.windowSeconds,
    maxRequests: r.maxRequests,
    apiKeyId: r.apiKeyId,
    isActive: r.isActive,
  };
}

export function toKeySummary(k: KeyRow) {
  return {
    id: k.id,
    label: k.label,
    environment: k.environment as "production" | "sandbox",
    isActive: k.isActive,
    createdAt: k.createdAt.toISOString(),
  };
}

/** ClientUser as the reference service shows it: key metadata and limits, never a secret. */
export function toClientUser(c: ClientRow, keys: KeyRow[], limits: LimitRow[]) {
  return {
    id: c.id,
    name: c.name,
    isActive: c.isActive,
    isMaster: c.parentId === null,
    parentId: c.parentId,
    defaultProviderId: c.defaultProviderId as 1 | 2 | 3 | null,
    allowlist: c.allowlist as never,
    apiKeys: keys.map(toKeySummary),
    rateLimits: [...limits].sort((a, b) => a.position - b.position).map(toStoredRateLimit),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
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
 * Loads Clients with their keys and limits in three queries, whatever their number. When
 * `clients` are all of `parentId`'s Sub-users, keys and limits are selected by that parent
 * rather than by thousands of bound ids.
 */
export async function loadClientUsers(db: Db, clients: ClientRow[], parentId?: string) {
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
  return clients.map((c) => toClientUser(c, keysBy.get(c.id) ?? [], limitsBy.get(c.id) ?? []));
}

export async function loadClientUser(db: Db, client: ClientRow) {
  const [user] = await loadClientUsers(db, [client]);
  return user!;
}

export async function findClient(db: Db, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(schema.clients).where(eq(schema.clients.id, id)).limit(1);
  return row;
}
