"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { clientId, providerId } from "@/lib/api/contract/common";
import { clientUserName, keyLabel, rateLimitInput } from "@/lib/api/contract/client-admin";
import { defineAction } from "@/lib/actions/define-action";

const idempotencyKey = z.string().regex(/^[\x21-\x7e]{1,255}$/);

export const createSubUserAction = defineAction({
  input: z.object({ name: clientUserName, defaultProviderId: providerId.optional() }),
  masterOnly: true,
  audit: { operationId: "createClientUser", target: (input) => input.name },
  async run(input, { api }) {
    const { data } = await api.createClientUser({ body: input });
    revalidatePath("/sub-users");
    // The key's plaintext goes to the browser once, in this answer, and is not kept here.
    return {
      id: data.id,
      name: data.name ?? input.name,
      apiKey: {
        id: data.apiKey.id,
        label: data.apiKey.label,
        key: data.apiKey.key,
        createdAt: data.apiKey.createdAt,
      },
    };
  },
});

export const renameSubUserAction = defineAction({
  input: z.object({ clientId, name: clientUserName, idempotencyKey }),
  masterOnly: true,
  audit: { operationId: "updateClientUser", target: (input) => input.clientId },
  async run(input, { api, noteResponse }) {
    const res = await api.updateClientUser(
      { params: { clientId: input.clientId }, body: { name: input.name } },
      { idempotencyKey: input.idempotencyKey },
    );
    noteResponse(res.metadata);
    revalidatePath(`/sub-users/${input.clientId}`);
    revalidatePath("/sub-users");
    return { name: res.data.name ?? input.name };
  },
});

export const setSubUserActiveAction = defineAction({
  input: z.object({ clientId, isActive: z.boolean(), idempotencyKey }),
  masterOnly: true,
  audit: { operationId: "updateClientUser", target: (input) => input.clientId },
  async run(input, { api, noteResponse }) {
    const res = await api.updateClientUser(
      { params: { clientId: input.clientId }, body: { isActive: input.isActive } },
      { idempotencyKey: input.idempotencyKey },
    );
    noteResponse(res.metadata);
    revalidatePath(`/sub-users/${input.clientId}`);
    revalidatePath("/sub-users");
    return { isActive: res.data.isActive ?? input.isActive };
  },
});

export const issueKeyAction = defineAction({
  input: z.object({ clientId, label: keyLabel.optional() }),
  masterOnly: true,
  audit: { operationId: "createClientUserApiKey", target: (input) => input.clientId },
  async run(input, { api }) {
    const { data } = await api.createClientUserApiKey({
      params: { clientId: input.clientId },
      body: input.label ? { label: input.label } : {},
    });
    revalidatePath(`/sub-users/${input.clientId}`);
    return {
      apiKey: {
        id: data.apiKey.id,
        label: data.apiKey.label,
        key: data.apiKey.key,
        createdAt: data.apiKey.createdAt,
      },
    };
  },
});

export const replaceRateLimitsAction = defineAction({
  input: z.object({ clientId, rateLimits: z.array(rateLimitInput).max(100), idempotencyKey }),
  masterOnly: true,
  audit: { operationId: "replaceClientUserRateLimits", target: (input) => input.clientId },
  async run(input, { api, noteResponse }) {
    const res = await api.replaceClientUserRateLimits(
      { params: { clientId: input.clientId }, body: { rateLimits: input.rateLimits } },
      { idempotencyKey: input.idempotencyKey },
    );
    noteResponse(res.metadata);
    revalidatePath(`/sub-users/${input.clientId}`);
    revalidatePath(`/sub-users/${input.clientId}/rate-limits`);
    return { rateLimits: res.data.rateLimits };
  },
});
