import { and, asc, eq } from "drizzle-orm";
import { type HandlerMap } from "../../context";
import { schema } from "../../db/database";
import { newId } from "../../domain/ids";
import { ApiError } from "../../pipeline/api-error";
import { validationError } from "../../pipeline/validate";
import { findClient } from "../client-users/client-user.representation";
import { toGrant, toGrants } from "./grant.representation";

const grants = schema.sponsorshipGrants;

export const sponsorshipHandlers = {
  async listSponsorshipGrants({ db, caller, now }) {
    const rows = await db
      .select()
      .from(grants)
      .where(eq(grants.sponsorClientId, caller.client.id))
      .orderBy(asc(grants.createdAt));
    return {
      status: 200,
      data: { sponsorshipGrants: await toGrants(db, rows, now, caller.client.currency) },
    };
  },

  async listReceivedSponsorshipGrants({ db, caller, now }) {
    const rows = await db
      .select()
      .from(grants)
      .where(eq(grants.beneficiaryClientId, caller.client.id))
      .orderBy(asc(grants.createdAt));
    return {
      status: 200,
      data: { sponsorshipGrants: await toGrants(db, rows, now, caller.client.currency) },
    };
  },

  async upsertSponsorshipGrant({ db, caller, input, now }) {
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
    const [existing] = await db
      .select()
      .from(grants)
      .where(
        and(eq(grants.sponsorClientId, caller.client.id), eq(grants.reference, grantReference)),
      )
      .limit(1);
    if (existing && !existing.active) {
      throw new ApiError(
        "sponsorship_grant_revoked",
        `Grant ${grantReference} was revoked; issue a new grant under another reference.`,
      );
    }
    // PUT replaces the grant: fields left out return to their defaults.
    const fields = {
      beneficiaryClientId: beneficiary.id,
      endpointKeys: [...new Set(body.endpointKeys)],
      channels: [...new Set(body.channels ?? [])],
      startsAt: body.startsAt ? new Date(body.startsAt) : null,
      endsAt: body.endsAt ? new Date(body.endsAt) : null,
      allowPartnerTerms: body.allowPartnerTerms ?? false,
      monthlyCapMinor: body.monthlyCapMinor ?? null,
      updatedAt: now,
    };
    let row;
    if (existing) {
      // The beneficiary's switch to partner terms is permanent, unless the grant now names someone else.
      const billingMode =
        existing.beneficiaryClientId === beneficiary.id ? existing.billingMode : "own";
      [row] = await db
        .update(grants)
        .set({ ...fields, billingMode })
        .where(eq(grants.id, existing.id))
        .returning();
    } else {
      [row] = await db
        .insert(grants)
        .values({
          id: newId("gr"),
          sponsorClientId: caller.client.id,
          reference: grantReference,
          ...fields,
          createdAt: now,
        })
        .returning();
    }
    return {
      status: 200,
      data: { sponsorshipGrant: await toGrant(db, row!, now, caller.client.currency) },
    };
  },

  async revokeSponsorshipGrant({ db, caller, input, now }) {
    const [existing] = await db
      .select()
      .from(grants)
      .where(
        and(
          eq(grants.sponsorClientId, caller.client.id),
          eq(grants.reference, input.params.grantReference),
        ),
      )
      .limit(1);
    if (!existing)
      throw new ApiError(
        "sponsorship_grant_not_found",
        `No grant ${input.params.grantReference} was issued by this Client.`,
      );
    const row = existing.active
      ? (
          await db
            .update(grants)
            .set({ active: false, revokedAt: now, updatedAt: now })
            .where(eq(grants.id, existing.id))
            .returning()
        )[0]!
      : existing;
    return {
      status: 200,
      data: { sponsorshipGrant: await toGrant(db, row, now, caller.client.currency) },
    };
  },

  async chooseSponsorshipBillingMode({ db, caller, input, now }) {
    const { grantReference } = input.params;
    const { mode, sponsorClientId } = input.body;
    const candidates = (
      await db
        .select()
        .from(grants)
        .where(
          and(
            eq(grants.beneficiaryClientId, caller.client.id),
            eq(grants.reference, grantReference),
          ),
        )
    ).filter((g) => sponsorClientId === undefined || g.sponsorClientId === sponsorClientId);
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
    const row =
      grant.billingMode === mode
        ? grant
        : (
            await db
              .update(grants)
              .set({ billingMode: mode, updatedAt: now })
              .where(eq(grants.id, grant.id))
              .returning()
          )[0]!;
    return {
      status: 200,
      data: { sponsorshipGrant: await toGrant(db, row, now, caller.client.currency) },
    };
  },
} satisfies HandlerMap;
