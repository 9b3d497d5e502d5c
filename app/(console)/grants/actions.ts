"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import {
  chooseBillingModeRequest,
  upsertSponsorshipGrantRequest,
} from "@/lib/api/contract/client-admin";
import { grantReference } from "@/lib/api/contract/common";
import { type ActionContext, ActionRefusal, defineAction } from "@/lib/actions/define-action";

const idempotencyKey = z.string().regex(/^[\x21-\x7e]{1,255}$/);

const upsertInput = z.object({
  reference: grantReference,
  request: upsertSponsorshipGrantRequest,
  idempotencyKey,
});
type UpsertInput = z.output<typeof upsertInput>;

async function upsert(input: UpsertInput, { api, noteResponse }: ActionContext) {
  const res = await api.upsertSponsorshipGrant(
    { params: { grantReference: input.reference }, body: input.request },
    { idempotencyKey: input.idempotencyKey },
  );
  noteResponse(res.metadata);
  revalidatePath("/grants");
  revalidatePath(`/grants/issued/${input.reference}`);
  return { reference: res.data.sponsorshipGrant.reference };
}

export const issueGrantAction = defineAction({
  input: upsertInput,
  masterOnly: true,
  audit: { operationId: "upsertSponsorshipGrant", target: (input) => input.reference },
  async run(input, ctx) {
    // PUT replaces silently; a new grant must not overwrite one issued under the same reference.
    const issued = await ctx.api.listSponsorshipGrants();
    if (issued.data.sponsorshipGrants.some((g) => g.reference === input.reference)) {
      throw new ActionRefusal("grant_reference_taken", "You already use this reference.", {
        reference:
          "You already issued a grant with this reference. Open it to replace it, or choose another reference.",
      });
    }
    return upsert(input, ctx);
  },
});

export const replaceGrantAction = defineAction({
  input: upsertInput,
  masterOnly: true,
  audit: { operationId: "upsertSponsorshipGrant", target: (input) => input.reference },
  run: upsert,
});

export const revokeGrantAction = defineAction({
  input: z.object({ reference: grantReference }),
  masterOnly: true,
  audit: { operationId: "revokeSponsorshipGrant", target: (input) => input.reference },
  async run(input, { api }) {
    const res = await api.revokeSponsorshipGrant({ params: { grantReference: input.reference } });
    revalidatePath("/grants");
    revalidatePath(`/grants/issued/${input.reference}`);
    return {
      active: res.data.sponsorshipGrant.active,
      revokedAt: res.data.sponsorshipGrant.revokedAt ?? null,
    };
  },
});

export const chooseBillingModeAction = defineAction({
  input: z.object({ reference: grantReference, body: chooseBillingModeRequest, idempotencyKey }),
  audit: {
    operationId: "chooseSponsorshipBillingMode",
    target: (input) => `${input.reference} → ${input.body.mode}`,
  },
  async run(input, { api, noteResponse }) {
    const res = await api.chooseSponsorshipBillingMode(
      { params: { grantReference: input.reference }, body: input.body },
      { idempotencyKey: input.idempotencyKey },
    );
    noteResponse(res.metadata);
    revalidatePath("/received-grants");
    return { billingMode: res.data.sponsorshipGrant.billingMode ?? input.body.mode };
  },
});
