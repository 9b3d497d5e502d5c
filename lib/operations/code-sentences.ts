import type { useTranslations } from "next-intl";
import { type ErrorCode, isKnownErrorCode } from "@/lib/api/contract/errors";
import {
  isLiveAvailabilityReason,
  isWarningCode,
  type LiveAvailabilityReason,
  type WarningCode,
} from "@/lib/api/contract/warnings";

/**
 * What people read for every code the service can answer with: one sentence per error code of
 * the catalogue, per warning code and per live-availability reason. The tables are keyed by the
 * contract's own unions, so a code added there without its sentence fails the type check. The
 * code itself is shown beside the sentence in small type, for support; the service's `message`
 * is never parsed.
 */
type Sentence = string | ((retryAfterSeconds?: number) => string);

/**
 * The "codes" messages of the request's language (`useTranslations("codes")`, or
 * `getTranslations("codes")` on the server): given, each function below words the code in that
 * language from them; without, in English from the tables here, as they are the same text.
 */
export type CodeWords = ReturnType<typeof useTranslations<"codes">>;

/** A code's sentence from the messages, with the seconds to wait where it names them. */
const errorIn = (t: CodeWords, code: ErrorCode, retryAfterSeconds?: number) =>
  t(`errors.${code}`, { seconds: retryAfterSeconds ? String(retryAfterSeconds) : "none" });

const later = (s: number | undefined, fallback: string) => (s ? ` in ${s} s` : fallback);

export const ERROR_SENTENCES: Record<ErrorCode, Sentence> = {
  invalid_request: "Some values are not valid. See the messages next to the fields.",
  invalid_json: "The request could not be read as JSON.",
  invalid_vin:
    "This is not a valid VIN: 17 digits and capital letters, without I, O or Q (a redirect session takes 3 to 17).",
  invalid_vin_check_digit:
    "The check digit of this VIN (its 9th character) does not match the rest: a character is probably mistyped.",
  invalid_return_url:
    "The return address must be an absolute https address without credentials or fragment.",
  invalid_state: "The state may be at most 512 characters long.",
  invalid_oe_numbers: "Give between 1 and 30 OE numbers, none of them empty.",
  invalid_idempotency_key: "The request's repeat-protection key is not valid.",
  idempotency_key_required: "This operation needs a repeat-protection key (Idempotency-Key).",
  idempotency_key_not_supported: "This operation does not take a repeat-protection key.",
  malformed_request: "The request could not be read.",
  api_key_missing: "No API key was sent. Sign in again.",
  session_invalid: "The sign-in at the service has expired. Sign in there again.",
  invalid_token: "The agent endpoint's access token is no longer valid. Connect again.",
  insufficient_scope: "The agent connection lacks the permission this tool needs.",
  origin_not_allowed: "The agent endpoint refuses requests from other sites' pages.",
  agent_access_not_enabled: "Your account is not enabled for the agent endpoint.",
  sign_in_failed: "The login or password is wrong.",
  intelligence_pilot_not_enabled: "Your account does not take part in the Intelligence pilot.",
  csrf_token_invalid: "The request lacked its security token. Reload the page and try again.",
  sandbox_controls_forbidden: "The sandbox controls are not available to this key.",
  api_key_invalid: "This API key is not valid. Check that you copied it completely.",
  api_key_disabled: "This API key has been disabled.",
  client_inactive: "This Client is deactivated, so its keys no longer work.",
  endpoint_not_enabled: "This endpoint is not enabled for your Client.",
  master_client_required: "Only a Master client may do this.",
  partner_terms_not_permitted: "This grant does not permit switching to the sponsor's terms.",
  sandbox_endpoint_unavailable:
    "This change is not available with a sandbox key. Sign in with a production key.",
  insufficient_credit: "No plan quota, credit or sponsorship covers this call.",
  not_found: "There is nothing at this address.",
  client_user_not_found:
    "No such Sub-user belongs to your Master client. It may have been removed or the link is wrong.",
  sponsorship_grant_not_found: "No such grant exists.",
  job_not_found: "No such job is known to your Client.",
  vehicle_not_found: "No vehicle type with this reference is known to your Client.",
  vin_not_found: "No vehicle is known for this VIN.",
  oe_part_not_found:
    "No confirmed part matches this number. Check the number, or normalise it first.",
  recall_match_not_found: "No recall register entry could be matched to this vehicle's series.",
  seo_no_exact_match:
    "No marketplace article matches this part for this marketplace, language and vehicle type (nothing was charged).",
  translation_not_found: "This is not a known part designation in that language.",
  cluster_not_found: "No part cluster is known for this number or version.",
  method_not_allowed: "The service does not take this kind of request at this address.",
  request_timeout: "The request took too long to arrive. Try again.",
  redirect_required:
    "This provider identifies vehicles in the browser only: use the guided VIN lookup.",
  vin_provider_mismatch:
    "This VIN is already bound to another provider for your Client; keep using that one.",
  idempotency_request_in_progress: (s) =>
    `The same request is still running. Try again${later(s, " shortly")}.`,
  idempotency_key_conflict:
    "This form was already sent with different values. Reload the page and try again.",
  idempotency_result_unavailable:
    "The service cannot return the stored result of this request. Check the current state before trying again.",
  workspace_reference_exists: "A partner workspace with this external reference already exists.",
  sponsorship_reference_ambiguous: "Several sponsors use this reference. Choose the sponsor.",
  sponsorship_grant_revoked: "This grant was revoked and can no longer change.",
  billing_mode_locked: "The switch to the sponsor's terms is permanent.",
  sponsorship_reference_exists: "You already use this grant reference.",
  client_state_conflict: "The Sub-user is deactivated. Reactivate it first.",
  redirect_session_unavailable: "This vehicle selection has expired or was already used.",
  intelligence_refresh_required:
    'No current market intelligence is ready for this part, and your account cannot start a refresh. Choose "Allow a stale snapshot" to read the last one, if there is one.',
  payload_too_large: "What was sent is too large.",
  request_headers_too_large: "The request's headers are too large.",
  unsupported_media_type: "The service does not take this kind of content here.",
  oe_number_ambiguous:
    "Several manufacturers use this number. Choose the manufacturer the part is from.",
  rate_limit_exceeded: (s) => `The rate limit is reached. Try again${later(s, " later")}.`,
  client_request_in_progress: (s) =>
    `Another request of your Client is still running. Try again${later(s, " shortly")}.`,
  seo_live_requests_paused: (s) =>
    `Live marketplace enrichment is paused${s ? `; it is expected back in ${s} s` : ""}.`,
  internal_error: "The service is temporarily unavailable. Try again in a moment.",
  upstream_unavailable: "A source the service depends on is unavailable. Try again in a moment.",
  service_unavailable: "The service is temporarily unavailable. Try again in a moment.",
  seo_service_unavailable: (s) =>
    `Marketplace content is temporarily unavailable. Try again${later(s, " shortly")}.`,
  vin_economic_intelligence_disabled: "VIN Economic Intelligence is not enabled for your account.",
  commerce_preview_not_operational:
    "The commerce interface is a preview and does not process requests yet.",
};

export const WARNING_SENTENCES: Record<WarningCode, string> = {
  sensitive_data_omitted:
    "Personal data on the document (the holder's name and address) was left out, as asked.",
  stale_snapshot: "Served from an older snapshot, past its validity, because you allowed that.",
  observed_supply_unavailable:
    "Observed supply (current listings) is not available to your account, so it is left out.",
  verified_sales_unavailable:
    "Verified sales from the dealer panel are not available to your account, so they are left out.",
  insufficient_evidence:
    "There is not enough evidence to score this part: scores are empty and nothing is publishable.",
  parts_without_oe_number:
    "Some of the vehicle's parts carry no OE number, so they could not be evaluated.",
  candidates_truncated:
    "More candidates qualified than the maximum you asked for; the rest are not listed.",
  empty_portfolio: "No candidate met the minimum evidence, so the portfolio is empty.",
  vin_unreadable: "The VIN on the document could not be read; nothing was guessed.",
};

export const LIVE_AVAILABILITY_SENTENCES: Record<LiveAvailabilityReason, string> = {
  live_enrichment_paused:
    "Live enrichment from marketplaces is paused for now; answers come from content prepared earlier.",
};

/**
 * The input field an error code is about, where a code names one: its sentence belongs next to
 * that field, not in a box further down.
 */
const FIELD_OF_CODE: Partial<Record<ErrorCode, string>> = {
  invalid_vin: "vin",
  invalid_vin_check_digit: "vin",
  invalid_return_url: "returnUrl",
  invalid_state: "state",
  invalid_oe_numbers: "oeNumbers",
};

/** The field a refusal names by its code, with its sentence; none for other codes. */
export function fieldOfCode(code: string, t?: CodeWords): Record<string, string> {
  const field = isKnownErrorCode(code) ? FIELD_OF_CODE[code] : undefined;
  return field ? { [field]: messageForCode(code, undefined, undefined, t) } : {};
}

/** The sentence for an error code; an unknown code is said to be one, with the service's message. */
export function messageForCode(
  code: string,
  retryAfterSeconds?: number,
  serviceMessage?: string,
  t?: CodeWords,
): string {
  if (t) {
    if (isKnownErrorCode(code)) return errorIn(t, code, retryAfterSeconds);
    return serviceMessage
      ? t("unknownCodeWithMessage", { message: serviceMessage })
      : t("unknownCode");
  }
  if (isKnownErrorCode(code)) {
    const sentence = ERROR_SENTENCES[code];
    return typeof sentence === "function" ? sentence(retryAfterSeconds) : sentence;
  }
  return `The service refused the request with a code this console does not know${serviceMessage ? `: ${serviceMessage}` : "."}`;
}

/** The sentence for any code an answer may carry: a warning, a live-availability reason or an error. */
export function sentenceForCode(code: string, fallback?: string, t?: CodeWords): string {
  if (t) {
    if (isWarningCode(code)) return t(`warnings.${code}`);
    if (isLiveAvailabilityReason(code)) return t(`live.${code}`);
    if (isKnownErrorCode(code)) return errorIn(t, code);
    return fallback ?? t("unworded");
  }
  if (isWarningCode(code)) return WARNING_SENTENCES[code];
  if (isLiveAvailabilityReason(code)) return LIVE_AVAILABILITY_SENTENCES[code];
  if (isKnownErrorCode(code)) return messageForCode(code);
  return fallback ?? "The service reported something this console does not know how to word.";
}
