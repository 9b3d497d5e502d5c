import { z } from "zod";
import {
  type RateLimitInput,
  rateLimitInput,
  type StoredRateLimit,
} from "@/lib/api/contract/client-admin";
import { endpointKey } from "@/lib/api/contract/common";

/** One editable row; numbers come from number inputs (`valueAsNumber`, NaN when empty). */
export const rateLimitRow = z.object({
  endpointKey: z.union([endpointKey, z.literal("*")], {
    error: "Choose an endpoint key, or * for all.",
  }),
  windowSeconds: z
    .number({ error: "Enter the window in whole seconds." })
    .int("Enter whole seconds.")
    .min(1, "At least 1 second.")
    .max(86_400, "At most 86,400 seconds (one day)."),
  maxRequests: z
    .number({ error: "Enter the number of requests." })
    .int("Enter a whole number.")
    .min(1, "At least 1 request.")
    .max(1_000_000, "At most 1,000,000 requests."),
  apiKeyId: z.string(),
  isActive: z.boolean(),
});
export const rateLimitsForm = z.object({
  rows: z.array(rateLimitRow).max(100, "At most 100 rules."),
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
