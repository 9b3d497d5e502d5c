import { type ErrorCode } from "@/lib/api/contract/errors";

/**
 * What people read when the service refuses something, by `error` code, first match wins.
 * The service's own `message` is never parsed; it is shown only as the fallback's detail.
 */
const MESSAGES: {
  codes: (ErrorCode | string)[];
  message: string | ((retryAfter?: number) => string);
}[] = [
  {
    codes: ["api_key_missing", "api_key_invalid"],
    message: "This API key is not valid. Check that you copied it completely.",
  },
  { codes: ["api_key_disabled"], message: "This API key has been disabled." },
  {
    codes: ["client_inactive"],
    message: "This Client is deactivated, so its keys no longer work.",
  },
  { codes: ["master_client_required"], message: "Only a Master client may do this." },
  {
    codes: ["sandbox_endpoint_unavailable"],
    message: "This change is not available with a sandbox key. Sign in with a production key.",
  },
  { codes: ["endpoint_not_enabled"], message: "This endpoint is not enabled for your Client." },
  {
    codes: ["insufficient_credit"],
    message: "No plan quota, credit or sponsorship covers this call.",
  },
  {
    codes: ["client_user_not_found"],
    message:
      "No such Sub-user belongs to your Master client. It may have been removed or the link is wrong.",
  },
  {
    codes: ["client_state_conflict"],
    message: "The Sub-user is deactivated. Reactivate it first.",
  },
  {
    codes: ["idempotency_key_conflict"],
    message: "This form was already sent with different values. Reload the page and try again.",
  },
  {
    codes: ["idempotency_request_in_progress", "client_request_in_progress"],
    message: (s) =>
      `Another request of your Client is still running. Try again${s ? ` in ${s} s` : " shortly"}.`,
  },
  {
    codes: ["rate_limit_exceeded"],
    message: (s) => `The rate limit is reached. Try again${s ? ` in ${s} s` : " later"}.`,
  },
  {
    codes: ["idempotency_result_unavailable"],
    message:
      "The service cannot return the stored result of this request. Check the current state before trying again.",
  },
  {
    codes: ["workspace_reference_exists"],
    message: "A partner workspace with this external reference already exists.",
  },
  { codes: ["sponsorship_grant_not_found"], message: "No such grant exists." },
  {
    codes: ["sponsorship_grant_revoked"],
    message: "This grant was revoked and can no longer change.",
  },
  {
    codes: ["sponsorship_reference_ambiguous"],
    message: "Several sponsors use this reference. Choose the sponsor.",
  },
  { codes: ["sponsorship_reference_exists"], message: "You already use this grant reference." },
  { codes: ["billing_mode_locked"], message: "The switch to the sponsor's terms is permanent." },
  {
    codes: ["partner_terms_not_permitted"],
    message: "This grant does not permit switching to the sponsor's terms.",
  },
  {
    codes: ["intelligence_refresh_required"],
    message:
      'No current market intelligence is ready for this part, and your account cannot start a refresh. Choose "Allow a stale snapshot" to read the last one, if there is one.',
  },
  { codes: ["cluster_not_found"], message: "No part cluster is known for this number or version." },
  {
    codes: ["oe_number_ambiguous"],
    message: "Several manufacturers use this number. Enter the manufacturer.",
  },
  {
    codes: ["vin_economic_intelligence_disabled"],
    message: "VIN Economic Intelligence is not enabled for your account.",
  },
  {
    codes: ["oe_part_not_found"],
    message: "No confirmed part matches this number. Check the number, or normalise it first.",
  },
  {
    codes: ["seo_no_exact_match"],
    message:
      "No marketplace article matches this part for this marketplace, language and vehicle type (nothing was charged).",
  },
  {
    codes: ["seo_live_requests_paused"],
    message: (s) =>
      `Live marketplace enrichment is paused${s ? `; it is expected back in ${s} s` : ""}.`,
  },
  {
    codes: ["seo_service_unavailable"],
    message: (s) =>
      `Marketplace content is temporarily unavailable. Try again${s ? ` in ${s} s` : " shortly"}.`,
  },
  {
    codes: ["translation_not_found"],
    message: "This is not a known part designation in that language.",
  },
  {
    codes: ["recall_match_not_found"],
    message: "No recall register entry could be matched to this vehicle's series.",
  },
  {
    codes: ["vehicle_not_found"],
    message: "No vehicle type with this svcId is known to your Client.",
  },
  { codes: ["vin_not_found"], message: "No vehicle is known for this VIN." },
  {
    codes: ["invalid_vin", "invalid_vin_check_digit"],
    message:
      "This is not a valid VIN: 17 digits and capital letters (no I, O or Q) with a correct check digit.",
  },
  {
    codes: ["invalid_request", "invalid_json"],
    message: "Some values are not valid. See the messages next to the fields.",
  },
  {
    codes: ["internal_error", "service_unavailable", "upstream_unavailable"],
    message: "The service is temporarily unavailable. Try again in a moment.",
  },
];

export function messageForCode(
  code: string,
  retryAfterSeconds?: number,
  serviceMessage?: string,
): string {
  const entry = MESSAGES.find((m) => m.codes.includes(code));
  if (entry)
    return typeof entry.message === "function" ? entry.message(retryAfterSeconds) : entry.message;
  return `The service refused the request (${code})${serviceMessage ? `: ${serviceMessage}` : "."}`;
}
