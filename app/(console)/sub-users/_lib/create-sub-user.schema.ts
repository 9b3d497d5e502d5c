import { z } from "zod";
import { clientUserName, type CreateClientUserRequest } from "@/lib/api/contract/client-admin";
import { PROVIDER_TEXTS, type ProviderId } from "@/lib/api/contract/common";

/** Form values: the select gives `""` for "service default". */
export const createSubUserForm = z.object({
  name: clientUserName,
  defaultProviderId: z.union([z.literal(""), z.enum(PROVIDER_TEXTS)]),
});
export type CreateSubUserValues = z.infer<typeof createSubUserForm>;

export function toCreateRequest(values: CreateSubUserValues): CreateClientUserRequest {
  return {
    name: values.name.trim(),
    ...(values.defaultProviderId
      ? { defaultProviderId: Number(values.defaultProviderId) as ProviderId }
      : {}),
  };
}
