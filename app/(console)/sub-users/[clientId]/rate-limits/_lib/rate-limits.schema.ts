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
export const rateLimitsForm = z.object({
  rows: z.array(rateLimitRow).max(MAX_RATE_LIMIT_RULES, tooManyRules),
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
