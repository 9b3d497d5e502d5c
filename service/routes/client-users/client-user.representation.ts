import {
  type ClientDetails,
  type KeyRow,
  type ShownKey,
  type ShownLimit,
} from "../../domain/clients";

export function toStoredRateLimit(r: ShownLimit) {
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
    defaultProviderId: c.defaultProviderId as 1 | 2 | 3 | null,
    allowlist: c.allowlist as never,
    apiKeys: keys.map(toKeySummary),
    rateLimits: [...limits].sort((a, b) => a.position - b.position).map(toStoredRateLimit),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
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
