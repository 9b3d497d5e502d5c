import { z } from "zod";
import { FORM_BOUNDS } from "@/lib/validation/form-bounds";

/**
 * What a browser sends back from a passkey ceremony, checked for its outer shape only: the
 * WebAuthn library verifies everything inside it.
 */
export const ceremonyResponse = z.object({
  ceremony: z.string().uuid(),
  response: z.looseObject({
    id: z.string().min(1).max(FORM_BOUNDS.passkeyId),
    rawId: z.string().min(1).max(FORM_BOUNDS.passkeyId),
    type: z.literal("public-key"),
    response: z.looseObject({ clientDataJSON: z.string().max(8_192) }),
  }),
});
export type CeremonyResponse = z.infer<typeof ceremonyResponse>;

export const passkeyName = z.string().trim().max(80).catch("");
