"use server";

import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import {
  chooseBillingModeRequest,
  upsertSponsorshipGrantRequest,
} from "@/lib/api/contract/client-admin";
import { grantReference } from "@/lib/api/contract/common";
import { ServiceError } from "@/lib/api/client";
import { type ActionContext, ActionRefusal, defineAction } from "@/lib/actions/define-action";
import { type SignedIn } from "@/lib/auth/guards";

const upsertInput = z.object({ reference: grantReference, request: upsertSponsorshipGrantRequest });
type UpsertInput = z.output<typeof upsertInput>;

async function upsert(input: UpsertInput, { call }: ActionContext<"upsertSponsorshipGrant">) {
  const res = await call({
    params: { grantReference: input.reference },
    body: input.request,
  }).catch(async (error: unknown) => {
    // The service names an unknown or inactive beneficiary with this code: it is the field's error.
    if (error instanceof ServiceError && error.code === "client_user_not_found") {
      const t = await getTranslations("grants.actions");
      throw new ActionRefusal(error.code, t("checkBeneficiary"), {
        beneficiaryClientId: t("noSuchClient", { id: input.request.beneficiaryClientId }),
      });
    }
    throw error;
  });
  revalidatePath("/grants");
  revalidatePath(`/grants/issued/${input.reference}`);
  return { reference: res.data.sponsorshipGrant.reference };
}

/** A grant as the audit log shows it: its terms, without the service's bookkeeping. */
function termsOf(g: Record<string, unknown>) {
  const keep = [
    "beneficiaryClientId",
    "endpointKeys",
    "channels",
    "startsAt",
    "endsAt",
    "allowPartnerTerms",
    "monthlyCapMinor",
    "currency",
    "billingMode",
    "active",
  ];
  return Object.fromEntries(keep.filter((k) => g[k] !== undefined).map((k) => [k, g[k]]));
}

async function issuedGrant(reference: string, api: SignedIn["api"]) {
  const { data } = await api.listSponsorshipGrants();
  return data.sponsorshipGrants.find((g) => g.reference === reference);
}

export const issueGrantAction = defineAction({
  operation: "upsertSponsorshipGrant",
  input: upsertInput,
  target: (input) => input.reference,
  async run(input, ctx) {
    // PUT replaces silently; a new grant must not overwrite one issued under the same reference.
    const issued = await ctx.api.listSponsorshipGrants();
    if (issued.data.sponsorshipGrants.some((g) => g.reference === input.reference)) {
      const t = await getTranslations("grants.actions");
      throw new ActionRefusal("grant_reference_taken", t("referenceTaken"), {
        reference: t("referenceTakenField"),
      });
    }
    return upsert(input, ctx);
  },
  after: (_result, input) => termsOf(input.request),
});

export const replaceGrantAction = defineAction({
  operation: "upsertSponsorshipGrant",
  input: upsertInput,
  target: (input) => input.reference,
  run: upsert,
  async before(input, { api }) {
    const grant = await issuedGrant(input.reference, api);
    return grant ? termsOf(grant) : undefined;
  },
  after: (_result, input) => termsOf(input.request),
});

export const revokeGrantAction = defineAction({
  operation: "revokeSponsorshipGrant",
  input: z.object({ reference: grantReference }),
  stepUp: true,
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
  async before(input, { api }) {
    const grant = await issuedGrant(input.reference, api);
    return grant ? { active: grant.active, revokedAt: grant.revokedAt ?? null } : undefined;
  },
  after: (result) => result,
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
  async before(input, { api }) {
    const { data } = await api.listReceivedSponsorshipGrants();
    const modes = data.sponsorshipGrants
      .filter((g) => g.reference === input.reference)
      .map((g) => g.billingMode ?? "own");
    return modes.length ? { billingMode: modes.length === 1 ? modes[0] : modes } : undefined;
  },
  after: (result) => result,
});
