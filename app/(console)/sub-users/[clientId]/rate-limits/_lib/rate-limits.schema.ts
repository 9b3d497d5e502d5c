import { z } from "zod";
import {
  type RateLimitInput,
  MAX_RATE_LIMIT_RULES,
  rateLimitInput,
  type StoredRateLimit,
  tooManyRules,
} from "@/lib/api/contract/client-admin";

/**
 * One editable row: the contract's RateLimitInput, with the key as the select gives it (`""`
 * for every key) and the switch always set. Numbers come from number inputs (`valueAsNumber`,
 * NaN when empty, which the contract refuses with its own message).
 */
export const rateLimitRow = rateLimitInput.extend({ apiKeyId: z.string(), isActive: z.boolean() });
/**
 * Rules that limit the same endpoint key, window and API key: the service stores them all, but
 * only the lowest limit can ever bind, so a second one is almost always a mistake. Returns, for
 * each duplicate, its index and the index of the first rule it repeats.
 */
export function duplicateRules(
  rows: Pick<RateLimitRow, "endpointKey" | "windowSeconds" | "apiKeyId" | "isActive">[],
): { index: number; first: number }[] {
  const seen = new Map<string, number>();
  const duplicates: { index: number; first: number }[] = [];
  rows.forEach((r, index) => {
    if (!r.isActive) return;
    const key = `${r.endpointKey}\u0000${r.windowSeconds}\u0000${r.apiKeyId}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else duplicates.push({ index, first });
  });
  return duplicates;
}

export const rateLimitsForm = z
  .object({
    rows: z.array(rateLimitRow).max(MAX_RATE_LIMIT_RULES, tooManyRules),
  })
  .superRefine((values, ctx) => {
    for (const { index, first } of duplicateRules(values.rows))
      ctx.addIssue({
        code: "custom",
        path: ["rows", index, "maxRequests"],
        message: `Rule ${first + 1} already limits this endpoint key and window for the same keys; only the lower limit would apply. Keep one rule.`,
      });
  });
export type RateLimitRow = z.infer<typeof rateLimitRow>;
export type RateLimitsFormValues = z.infer<typeof rateLimitsForm>;

export function toRequestRows(rows: RateLimitRow[]): RateLimitInput[] {
  return rows.map((r) =>
    rateLimitInput.parse({
      endpointKey: r.endpointKey,
      windowSeconds: r.windowSeconds,
      maxRequests: r.maxRequests,
      ...(r.apiKeyId ? { apiKeyId: r.apiKeyId } : {}),
      isActive: r.isActive,
    }),
  );
}

export function toFormRows(stored: StoredRateLimit[]): RateLimitRow[] {
  return stored.map((r) => ({
    endpointKey: r.endpointKey,
    windowSeconds: r.windowSeconds,
    maxRequests: r.maxRequests,
    apiKeyId: r.apiKeyId ?? "",
    isActive: r.isActive ?? true,
  }));
}
