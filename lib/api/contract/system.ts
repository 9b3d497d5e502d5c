import { z } from "zod";

/** `GET /ping`: reachability check; no business query. */
export const pingResponse = z.looseObject({
  status: z.literal("ok"),
  service: z.string(),
});
export type PingResponse = z.infer<typeof pingResponse>;
