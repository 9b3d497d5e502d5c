import { z } from "zod";
import { clientUserName, type CreateClientUserRequest } from "@/lib/api/contract/client-admin";

/** Form values: the select gives `""` for "service default". */
export const createSubUserForm = z.object({
  name: clientUserName,
  defaultProviderId: z.enum(["", "1", "2", "3"]),
});
export type CreateSubUserValues = z.infer<typeof createSubUserForm>;

export function toCreateRequest(values: CreateSubUserValues): CreateClientUserRequest {
  return {
    name: values.name.trim(),
    ...(values.defaultProviderId
      ? { defaultProviderId: Number(values.defaultProviderId) as 1 | 2 | 3 }
      : {}),
  };
}
