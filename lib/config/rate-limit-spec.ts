import { z } from "zod";

/** A rate limit written as `<maxRequests>/<windowSeconds>`, e.g. `1200/60`. */
export const rateLimitSpec = z
  .string()
  .regex(/^\d+\/\d+$/, 'must look like "<maxRequests>/<windowSeconds>", e.g. 1200/60')
  .transform((v) => {
    const [maxRequests, windowSeconds] = v.split("/").map(Number) as [number, number];
    return { maxRequests, windowSeconds };
  })
  .refine((r) => r.maxRequests >= 1 && r.windowSeconds >= 1, "both numbers must be at least 1");
