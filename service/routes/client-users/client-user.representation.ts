import { type ProviderId } from "@/lib/api/contract/common";
import {
  type ClientDetails,
  type KeyRow,
  type ShownKey,
  type ShownLimit,
  type subUserListRows,
} from "../../domain/clients";

export function toStoredRateLimit(r: Omit<ShownLimit, "position">) {
  return {
    id: r.id,
    endpointKey: r.endpointKey as never,
    windowSeconds: r.windowSeconds,
    maxRequests: r.maxRequests,
    apiKeyId: r.apiKeyId,
    isActive: r.isActive,
  };
}

export function toKeySummary(k: ShownKey) {
  return {
    id: k.id,
    label: k.label,
    environment: k.environment as "production" | "sandbox",
    isActive: k.isActive,
    createdAt: k.createdAt.toISOString(),
  };
}

/** ClientUser as the reference service shows it: key metadata and limits, never a secret. */
export function toClientUser({ client: c, keys, limits }: ClientDetails) {
  return {
    id: c.id,
    name: c.name,
    isActive: c.isActive,
    isMaster: c.parentId === null,
    parentId: c.parentId,
    defaultProviderId: c.defaultProviderId as ProviderId | null,
    allowlist: c.allowlist as never,
    apiKeys: keys.map(toKeySummary),
    rateLimits: [...limits].sort((a, b) => a.position - b.position).map(toStoredRateLimit),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

const MS_PER_DAY = 86_400_000;
const pad2 = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, "0"));

/**
 * `Date#toISOString` for many times at once: a list of 10,000 Sub-users formats 30,000 of them,
 * and `toISOString` was a tenth of building it. Each day's date part is formatted once.
 */
export function isoFormatter(): (ms: number) => string {
  const days = new Map<number, string>();
  return (ms) => {
    const day = Math.floor(ms / MS_PER_DAY);
    let prefix = days.get(day);
    if (prefix === undefined) {
      prefix = new Date(day * MS_PER_DAY).toISOString().slice(0, 11);
      days.set(day, prefix);
    }
    const inDay = ms - day * MS_PER_DAY;
    const seconds = Math.floor(inDay / 1000);
    return `${prefix}${pad2[Math.floor(seconds / 3600)]}:${pad2[Math.floor(seconds / 60) % 60]}:${pad2[seconds % 60]}.${String(inDay % 1000).padStart(3, "0")}Z`;
  };
}

/**
 * A Master's whole Sub-user list from its row arrays, each Sub-user exactly as `toClientUser`
 * shows it (a test holds the two to each other), without the per-row objects in between.
 */
export function toClientUserList(
  { clients, keys, limits }: Awaited<ReturnType<typeof subUserListRows>>,
  masterId: string,
) {
  const iso = isoFormatter();
  // Keys are built here rather than by `toKeySummary`, which takes a Date: 10,000 of them.
  const keysBy = bySubUser(keys, ([, id, label, environment, isActive, created]) => ({
    id,
    label,
    environment: environment as "production" | "sandbox",
    isActive,
    createdAt: iso(created),
  }));
  const limitsBy = bySubUser(
    limits,
    ([, id, endpointKey, windowSeconds, maxRequests, apiKeyId, isActive]) =>
      toStoredRateLimit({ id, endpointKey, windowSeconds, maxRequests, apiKeyId, isActive }),
  );
  return clients.map(([id, name, isActive, defaultProviderId, allowlist, created, updated]) => ({
    id,
    name,
    isActive,
    isMaster: false,
    parentId: masterId as string | null,
    defaultProviderId: defaultProviderId as ProviderId | null,
    allowlist: allowlist as never,
    apiKeys: keysBy.get(id) ?? [],
    rateLimits: limitsBy.get(id) ?? [],
    createdAt: iso(created),
    updatedAt: iso(updated),
  }));
}

/** Rows whose first column is a Sub-user's id, shaped and grouped by that id in their order. */
function bySubUser<Row extends [string, ...unknown[]], Shaped>(
  rows: Row[],
  shape: (row: Row) => Shaped,
): Map<string, Shaped[]> {
  const groups = new Map<string, Shaped[]>();
  for (const row of rows) {
    const group = groups.get(row[0]);
    if (group) group.push(shape(row));
    else groups.set(row[0], [shape(row)]);
  }
  return groups;
}

/** An issued key as its one answer shows it: the plaintext, this once. */
export function toIssuedKey(issued: { row: KeyRow; plaintext: string }) {
  return {
    id: issued.row.id,
    label: issued.row.label,
    key: issued.plaintext,
    createdAt: issued.row.createdAt.toISOString(),
  };
}
