import * as admin from "./client-admin";
import { defineGroup, MASTER_CHANGE, row } from "./operation";

// Client administration (one tag in the reference): sponsorship.
// prettier-ignore
export const sponsorshipOperations = defineGroup("client-administration", {
  listSponsorshipGrants: row("GET /client/sponsorship-grants", "client_admin", "Grants issued by the caller, active and historical", { masterOnly: true, request: {}, responses: { 200: admin.sponsorshipGrantListResponse } }),
  listReceivedSponsorshipGrants: row("GET /client/sponsorship-grants/received", "client_admin", "Grants received by the caller", { request: {}, responses: { 200: admin.sponsorshipGrantListResponse } }),
  upsertSponsorshipGrant: row("PUT /client/sponsorship-grants/{grantReference}", "client_admin", "Issue or replace a sponsorship grant", { ...MASTER_CHANGE, idempotency: "optional", request: { params: admin.grantReferencePath, body: admin.upsertSponsorshipGrantRequest }, responses: { 200: admin.sponsorshipGrantResponse }, errors: ["client_user_not_found", "sponsorship_grant_revoked"] }),
  revokeSponsorshipGrant: row("DELETE /client/sponsorship-grants/{grantReference}", "client_admin", "Revoke a grant for new requests", { ...MASTER_CHANGE, request: { params: admin.grantReferencePath }, responses: { 200: admin.sponsorshipGrantResponse }, errors: ["sponsorship_grant_not_found"] }),
  chooseSponsorshipBillingMode: row("PUT /client/sponsorship-grants/received/{grantReference}/billing-mode", "client_admin", "Beneficiary chooses `own` or `partner` billing for a received grant", { idempotency: "optional", sandbox: "unavailable", request: { params: admin.grantReferencePath, body: admin.chooseBillingModeRequest }, responses: { 200: admin.sponsorshipGrantResponse }, errors: ["sponsorship_grant_not_found", "sponsorship_reference_ambiguous", "sponsorship_grant_revoked", "billing_mode_locked", "partner_terms_not_permitted"] }),
}, "billing");
