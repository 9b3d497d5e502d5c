"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { clientId, providerId } from "@/lib/api/contract/common";
import { clientUserName, keyLabel, rateLimitRules } from "@/lib/api/contract/client-admin";
import { defineAction } from "@/lib/actions/define-action";

/** A key's plaintext goes to the browser once, in the answer that issues it, and is not kept here. */
const shownOnce = (apiKey: {
  id: string;
  label: string | null;
  key: string;
  createdAt: string;
}) => ({
  id: apiKey.id,
  label: apiKey.label,
  key: apiKey.key,
  createdAt: apiKey.createdAt,
});

export const createSubUserAction = defineAction({
  operation: "createClientUser",
  input: z.object({ name: clientUserName, defaultProviderId: providerId.optional() }),
  target: (input) => input.name,
  async run(input, { call }) {
    const { data } = await call({ body: input });
    revalidatePath("/sub-users");
    return { id: data.id, name: data.name ?? input.name, apiKey: shownOnce(data.apiKey) };
  },
});

const revalidateSubUser = (id: string) => {
  revalidatePath(`/sub-users/${id}`);
  revalidatePath("/sub-users");
};

/** Both changes go through `updateClientUser`, with only the field they change. */
const updateSubUser = <S extends z.ZodObject<{ clientId: typeof clientId }>>(input: S) =>
  defineAction({
    operation: "updateClientUser",
    input,
    target: (input) => input.clientId,
    async run({ clientId: id, ...change }, { call }) {
      const res = await call({ params: { clientId: id }, body: change });
      revalidateSubUser(id);
      return { name: res.data.name ?? null, isActive: res.data.isActive ?? null };
    },
  });

export const renameSubUserAction = updateSubUser(z.object({ clientId, name: clientUserName }));
export const setSubUserActiveAction = updateSubUser(z.object({ clientId, isActive: z.boolean() }));

export const issueKeyAction = defineAction({
  operation: "createClientUserApiKey",
  input: z.object({ clientId, label: keyLabel.optional() }),
  target: (input) => input.clientId,
  async run(input, { call }) {
    const { data } = await call({
      params: { clientId: input.clientId },
      body: input.label ? { label: input.label } : {},
    });
    revalidatePath(`/sub-users/${input.clientId}`);
    return { apiKey: shownOnce(data.apiKey) };
  },
});

export const replaceRateLimitsAction = defineAction({
  operation: "replaceClientUserRateLimits",
  input: z.object({ clientId, rateLimits: rateLimitRules }),
  target: (input) => input.clientId,
  async run(input, { call }) {
    const res = await call({
      params: { clientId: input.clientId },
      body: { rateLimits: input.rateLimits },
    });
    revalidatePath(`/sub-users/${input.clientId}`);
    revalidatePath(`/sub-users/${input.clientId}/rate-limits`);
    return { rateLimits: res.data.rateLimits };
  },
});
