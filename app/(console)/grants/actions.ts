"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import {
  chooseBillingModeRequest,
  upsertSponsorshipGrantRequest,
} from "@/lib/api/contract/client-admin";
import { grantReference } from "@/lib/api/contract/common";
import { type ActionContext, ActionRefusal, defineAction } from "@/lib/actions/define-action";

const upsertInput = z.object({ reference: grantReference, request: upsertSponsorshipGrantRequest });
type UpsertInput = z.output<typeof upsertInput>;

async function upsert(input: UpsertInput, { call }: ActionContext<"upsertSponsorshipGrant">) {
  const res = await call({
    params: { grantReference: input.reference },
    body: input.request,
  });
  revalidatePath("/grants");
  revalidatePath(`/grants/issued/${input.reference}`);
  return { reference: res.data.sponsorshipGrant.reference };
}

export const issueGrantAction = defineAction({
  operation: "upsertSponsorshipGrant",
  input: upsertInput,
  target: (input) => input.reference,
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
  operation: "upsertSponsorshipGrant",
  input: upsertInput,
  target: (input) => input.reference,
  run: upsert,
});

export const revokeGrantAction = defineAction({
  operation: "revokeSponsorshipGrant",
  input: z.object({ reference: grantReference }),
  target: (input) => input.reference,
  async run(input, { call }) {
    const res = await call({ params: { grantReference: input.reference } });
    revalidatePath("/grants");
    revalidatePath(`/grants/issued/${input.reference}`);
    return {
      active: res.data.sponsorshipGrant.active,
      revokedAt: res.data.sponsorshipGrant.revokedAt ?? null,
    };
  },
});

export const chooseBillingModeAction = defineAction({
  operation: "chooseSponsorshipBillingMode",
  input: z.object({ reference: grantReference, body: chooseBillingModeRequest }),
  target: (input) => `${input.reference} → ${input.body.mode}`,
  async run(input, { call }) {
    const res = await call({ params: { grantReference: input.reference }, body: input.body });
    revalidatePath("/received-grants");
    return { billingMode: res.data.sponsorshipGrant.billingMode ?? input.body.mode };
  },
});
