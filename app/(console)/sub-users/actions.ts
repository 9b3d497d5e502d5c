"use server";

import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { clientId } from "@/lib/api/contract/common";
import {
  clientUserName,
  createClientUserRequest,
  keyLabel,
  rateLimitRules,
} from "@/lib/api/contract/client-admin";
import { defineAction } from "@/lib/actions/define-action";
import { findSubUser } from "./_lib/find-sub-user";
import {
  changeIndexedSubUser,
  indexSubUser,
  LeaseLostError,
  refreshedSubUsers,
} from "@/lib/sub-users/sub-user-index";
import { type ActionResult, done, refused } from "@/lib/actions/action-result";
import { ContractViolationError, ServiceError, ServiceUnreachableError } from "@/lib/api/client";
import { actionSession } from "@/lib/auth/guards";
import { mayCall } from "@/lib/auth/rights";
import { messageForCode } from "@/lib/operations/code-sentences";

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
  input: createClientUserRequest,
  stepUp: true,
  target: (input) => input.name,
  async run(input, { call, session }) {
    const { data } = await call({ body: input });
    await indexSubUser(session.clientId, data);
    revalidatePath("/sub-users");
    return { id: data.id, name: data.name ?? input.name, apiKey: shownOnce(data.apiKey) };
  },
  after: (created) => ({ id: created.id, name: created.name, keyId: created.apiKey.id }),
});

const revalidateSubUser = (id: string) => {
  revalidatePath(`/sub-users/${id}`);
  revalidatePath("/sub-users");
};

/** Both changes go through `updateClientUser`, with only the field they change. */
const updateSubUser = <S extends z.ZodObject<{ clientId: typeof clientId }>>(
  input: S,
  field: "name" | "isActive",
) =>
  defineAction({
    operation: "updateClientUser",
    input,
    target: (input) => input.clientId,
    // Deactivating ends every key of the Sub-user at once.
    stepUp: (input) => "isActive" in input && input.isActive === false,
    async run({ clientId: id, ...change }, { call, session }) {
      const res = await call({ params: { clientId: id }, body: change });
      await indexSubUser(session.clientId, res.data);
      revalidateSubUser(id);
      return { name: res.data.name ?? null, isActive: res.data.isActive ?? null };
    },
    async before(input, { api, session }) {
      const user = await findSubUser(api, session.clientId, input.clientId);
      return { [field]: user[field] ?? null };
    },
    after: (result) => ({ [field]: result[field] }),
  });

export const renameSubUserAction = updateSubUser(
  z.object({ clientId, name: clientUserName }),
  "name",
);
export const setSubUserActiveAction = updateSubUser(
  z.object({ clientId, isActive: z.boolean() }),
  "isActive",
);

export const issueKeyAction = defineAction({
  operation: "createClientUserApiKey",
  input: z.object({ clientId, label: keyLabel.optional() }),
  stepUp: true,
  target: (input) => input.clientId,
  async run(input, { call, session }) {
    const { data } = await call({
      params: { clientId: input.clientId },
      body: input.label ? { label: input.label } : {},
    });
    // Its metadata only: the plaintext goes to the browser once and nowhere else.
    await changeIndexedSubUser(session.clientId, input.clientId, {
      keyIssued: {
        id: data.apiKey.id,
        label: data.apiKey.label,
        isActive: true,
        createdAt: data.apiKey.createdAt,
      },
    });
    revalidatePath(`/sub-users/${input.clientId}`);
    return { apiKey: shownOnce(data.apiKey) };
  },
  after: (issued) => ({ keyId: issued.apiKey.id, label: issued.apiKey.label }),
});

export const replaceRateLimitsAction = defineAction({
  operation: "replaceClientUserRateLimits",
  input: z.object({ clientId, rateLimits: rateLimitRules }),
  target: (input) => input.clientId,
  async run(input, { call, session }) {
    const res = await call({
      params: { clientId: input.clientId },
      body: { rateLimits: input.rateLimits },
    });
    await changeIndexedSubUser(session.clientId, input.clientId, {
      rateLimits: res.data.rateLimits,
    });
    revalidatePath(`/sub-users/${input.clientId}`);
    revalidatePath(`/sub-users/${input.clientId}/rate-limits`);
    return { rateLimits: res.data.rateLimits };
  },
  async before(input, { api, session }) {
    const user = await findSubUser(api, session.clientId, input.clientId);
    return { rateLimits: (user.rateLimits ?? []).map(ruleOf) };
  },
  after: (result) => ({ rateLimits: result.rateLimits.map(ruleOf) }),
});

/** A rule as the audit log shows it: what it limits, not the service's bookkeeping. */
const ruleOf = (r: {
  endpointKey: string;
  windowSeconds: number;
  maxRequests: number;
  apiKeyId?: string | null;
}) => ({
  endpointKey: r.endpointKey,
  maxRequests: r.maxRequests,
  windowSeconds: r.windowSeconds,
  ...(r.apiKeyId ? { apiKeyId: r.apiKeyId } : {}),
});

/**
 * How long the list page's Refresh waits for a refresh already under way before it says so: a
 * pending server action holds up the tab's other actions and navigation, so briefly.
 */
const REFRESH_WAIT_MS = 5_000;

/** The list page's Refresh: the service's list taken into the console's index now. */
export async function refreshSubUsersAction(): Promise<ActionResult<{ outcome: string }>> {
  const signedIn = await actionSession();
  const t = await getTranslations("subUsers.actions");
  if ("refused" in signedIn) return refused(signedIn.refused, t("signInAgain"));
  const { session, api } = signedIn;
  if (!mayCall(session, "listClientUsers")) return refused("forbidden", t("mayNotRead"));
  try {
    // A scheduled round taking the list meanwhile is what the person asked for: its end is
    // waited for (briefly), so the page they see afterwards shows it.
    const outcome = await refreshedSubUsers(api, session.clientId, REFRESH_WAIT_MS);
    revalidatePath("/sub-users");
    return done({ outcome });
  } catch (error) {
    if (error instanceof LeaseLostError) return done({ outcome: "busy" });
    if (error instanceof ServiceError)
      return refused(
        error.code,
        messageForCode(
          error.code,
          error.retryAfterSeconds,
          error.message,
          await getTranslations("codes"),
        ),
      );
    if (error instanceof ServiceUnreachableError || error instanceof ContractViolationError)
      return refused("service_unreachable", t("unreadable"));
    throw error;
  }
}
