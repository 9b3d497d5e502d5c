export interface LimitRule {
  endpointKey: string;
  windowSeconds: number;
  maxRequests: number;
  apiKeyId?: string | null;
  isActive?: boolean;
}

export interface RateLimitDiff {
  added: LimitRule[];
  removed: LimitRule[];
  changed: { before: LimitRule; after: LimitRule }[];
  unchanged: LimitRule[];
}

/** A rule is "the same rule" when it limits the same endpoint key for the same API key (or all keys). */
const identity = (r: LimitRule) => `${r.endpointKey}\u0000${r.apiKeyId ?? ""}`;
const sameValues = (a: LimitRule, b: LimitRule) =>
  a.windowSeconds === b.windowSeconds &&
  a.maxRequests === b.maxRequests &&
  (a.isActive ?? true) === (b.isActive ?? true);

/**
 * What replacing `before` with `after` does. The operation replaces the whole set, so anything
 * not sent is removed. Rules with the same identity are paired in order.
 */
export function diffRateLimits(before: LimitRule[], after: LimitRule[]): RateLimitDiff {
  const pending = new Map<string, LimitRule[]>();
  for (const rule of before)
    pending.set(identity(rule), [...(pending.get(identity(rule)) ?? []), rule]);
  const diff: RateLimitDiff = { added: [], removed: [], changed: [], unchanged: [] };
  for (const rule of after) {
    const queue = pending.get(identity(rule));
    const previous = queue?.shift();
    if (!previous) diff.added.push(rule);
    else if (sameValues(previous, rule)) diff.unchanged.push(rule);
    else diff.changed.push({ before: previous, after: rule });
  }
  for (const rest of pending.values()) diff.removed.push(...rest);
  return diff;
}

export const hasChanges = (d: RateLimitDiff) =>
  d.added.length + d.removed.length + d.changed.length > 0;

export function describeRule(r: LimitRule): string {
  const scope = r.endpointKey === "*" ? "all endpoint keys" : r.endpointKey;
  return `${r.maxRequests} per ${r.windowSeconds} s on ${scope}${r.apiKeyId ? ` for key ${r.apiKeyId}` : ""}${r.isActive === false ? " (inactive)" : ""}`;
}
