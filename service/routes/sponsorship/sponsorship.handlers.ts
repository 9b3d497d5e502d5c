import { type HandlerMap } from "../../context";
import { findClient } from "../../domain/clients";
import {
  grantsOf,
  issuedGrant,
  issueGrant,
  receivedGrants,
  replaceGrant,
  revokeGrant,
  setBillingMode,
} from "../../domain/grants";
import { validationError } from "../../pipeline/validate";
import { grantAnswer, grantsAnswer } from "./grant.representation";
import { ApiError } from "../../core";

export const sponsorshipHandlers = {
  async listSponsorshipGrants(ctx) {
    const rows = await grantsOf(ctx.db, "sponsor", ctx.caller.client.id);
    return grantsAnswer(ctx, rows);
  },

  async listReceivedSponsorshipGrants(ctx) {
    const rows = await grantsOf(ctx.db, "beneficiary", ctx.caller.client.id);
    return grantsAnswer(ctx, rows);
  },

  async upsertSponsorshipGrant(ctx) {
    const { db, caller, input, now } = ctx;
    const { grantReference } = input.params;
    const body = input.body;
    if (body.beneficiaryClientId === caller.client.id) {
      throw validationError([
        {
          location: "body",
          path: "beneficiaryClientId",
          message: "a Client cannot sponsor itself",
        },
      ]);
    }
    const beneficiary = await findClient(db, body.beneficiaryClientId);
    if (!beneficiary || !beneficiary.isActive) {
      throw new ApiError(
        "client_user_not_found",
        `No active Client with id ${body.beneficiaryClientId} exists.`,
      );
    }
    const existing = await issuedGrant(db, caller.client.id, grantReference);
    if (existing && !existing.active) {
      throw new ApiError(
        "sponsorship_grant_revoked",
        `Grant ${grantReference} was revoked; issue a new grant under another reference.`,
      );
    }
    const terms = { ...body, beneficiaryClientId: beneficiary.id };
    const row = existing
      ? await replaceGrant(db, existing, terms, now)
      : await issueGrant(db, caller.client.id, grantReference, terms, now);
    return grantAnswer(ctx, row);
  },

  async revokeSponsorshipGrant(ctx) {
    const { db, caller, input, now } = ctx;
    const existing = await issuedGrant(db, caller.client.id, input.params.grantReference);
    if (!existing)
      throw new ApiError(
        "sponsorship_grant_not_found",
        `No grant ${input.params.grantReference} was issued by this Client.`,
      );
    const row = await revokeGrant(db, existing, now);
    return grantAnswer(ctx, row);
  },

  async chooseSponsorshipBillingMode(ctx) {
    const { db, caller, input, now } = ctx;
    const { grantReference } = input.params;
    const { mode, sponsorClientId } = input.body;
    const candidates = (await receivedGrants(db, caller.client.id, grantReference)).filter(
      (g) => sponsorClientId === undefined || g.sponsorClientId === sponsorClientId,
    );
    if (candidates.length === 0) {
      throw new ApiError(
        "sponsorship_grant_not_found",
        `No grant ${grantReference} was received by this Client.`,
      );
    }
    if (candidates.length > 1) {
      throw new ApiError(
        "sponsorship_reference_ambiguous",
        `Several sponsors issued grant ${grantReference} to this Client; send sponsorClientId.`,
        { sponsorClientIds: candidates.map((g) => g.sponsorClientId) },
      );
    }
    const grant = candidates[0]!;
    if (!grant.active)
      throw new ApiError("sponsorship_grant_revoked", `Grant ${grantReference} was revoked.`);
    if (mode === "partner" && !grant.allowPartnerTerms) {
      throw new ApiError(
        "partner_terms_not_permitted",
        `Grant ${grantReference} does not permit switching to the sponsor's terms.`,
      );
    }
    if (grant.billingMode === "partner" && mode === "own") {
      throw new ApiError(
        "billing_mode_locked",
        `The switch of grant ${grantReference} to the sponsor's terms is permanent.`,
      );
    }
    const row = await setBillingMode(db, grant, mode, now);
    return grantAnswer(ctx, row);
  },
} satisfies HandlerMap;
