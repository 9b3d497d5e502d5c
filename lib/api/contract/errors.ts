import { z } from "zod";

/**
 * Every non-2xx body carries at least `error` (stable code) and `message` (human text).
 * Operation-specific variants add fields, so the body stays open.
 */
export const errorBody = z.looseObject({
  error: z.string().min(1),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Validation failures name each offending field so a form can show the message beside it. */
export const validationIssue = z.strictObject({
  location: z.enum(["path", "query", "body", "header"]),
  path: z.string(),
  message: z.string(),
});
export const validationErrorBody = errorBody.extend({ issues: z.array(validationIssue) });
export type ValidationIssue = z.infer<typeof validationIssue>;

/** Embedded job error (`status=failed`): `code` and `message` for VIN jobs. */
export const jobError = z.looseObject({ code: z.string().min(1), message: z.string() });

type CatalogueEntry = { status: number; retryable: boolean; meaning: string };

/**
 * The error-code catalogue: code, HTTP status, and whether a client may retry it.
 *
 * The interface documents some codes by name; the rest of its catalogue is not shown, so the
 * codes below that the spec does not name are the reference service's own. Clients branch on
 * `error` only, and consult `retryable` here (never the message) to decide on a retry.
 */
export const ERROR_CATALOGUE = {
  // 400: invalid request or documented rejection
  invalid_request: {
    status: 400,
    retryable: false,
    meaning: "A parameter or body field is invalid; `issues` names each one.",
  },
  invalid_json: { status: 400, retryable: false, meaning: "The request body is not valid JSON." },
  invalid_vin: {
    status: 400,
    retryable: false,
    meaning: "The VIN has the wrong length or characters.",
  },
  invalid_vin_check_digit: {
    status: 400,
    retryable: false,
    meaning: "The check digit (position 9) of a North American VIN does not match.",
  },
  invalid_return_url: {
    status: 400,
    retryable: false,
    meaning: "`returnUrl` is not an absolute HTTPS URL without credentials and fragment.",
  },
  invalid_state: {
    status: 400,
    retryable: false,
    meaning: "`state` is longer than 512 characters.",
  },
  invalid_oe_numbers: {
    status: 400,
    retryable: false,
    meaning: "`oeNumbers` must hold 1 to 30 non-empty strings.",
  },
  invalid_idempotency_key: {
    status: 400,
    retryable: false,
    meaning: "`Idempotency-Key` must be 1 to 255 visible ASCII characters.",
  },
  idempotency_key_required: {
    status: 400,
    retryable: false,
    meaning: "The operation requires an `Idempotency-Key` header.",
  },
  idempotency_key_not_supported: {
    status: 400,
    retryable: false,
    meaning: "The operation does not accept the `Idempotency-Key` header.",
  },
  malformed_request: {
    status: 400,
    retryable: false,
    meaning: "The request is not valid HTTP/1.1, or its target or Host header is unusable.",
  },
  // 401 and 403: authentication and rights
  api_key_missing: { status: 401, retryable: false, meaning: "No `X-Api-Key` header was sent." },
  session_invalid: {
    status: 401,
    retryable: false,
    meaning: "The first-party session cookie is unknown, expired or signed out; sign in again.",
  },
  invalid_token: {
    status: 401,
    retryable: false,
    meaning: "The agent endpoint's OAuth access token is missing, unknown, expired or revoked.",
  },
  insufficient_scope: {
    status: 403,
    retryable: false,
    meaning: "The access token lacks a scope the tool needs (named in `WWW-Authenticate`).",
  },
  origin_not_allowed: {
    status: 403,
    retryable: false,
    meaning:
      "The agent endpoint refuses a request from a browser page of another origin (DNS rebinding, cross-site pages).",
  },
  agent_access_not_enabled: {
    status: 403,
    retryable: false,
    meaning: "The account is not enabled for the agent endpoint (private preview).",
  },
  sign_in_failed: {
    status: 401,
    retryable: false,
    meaning: "The pilot sign-in's login or password is wrong.",
  },
  intelligence_pilot_not_enabled: {
    status: 403,
    retryable: false,
    meaning: "The account is not allowlisted for the Intelligence pilot in this environment.",
  },
  csrf_token_invalid: {
    status: 403,
    retryable: false,
    meaning: "A session-authenticated write lacks a valid `X-CSRF-Token`.",
  },
  sandbox_controls_forbidden: {
    status: 403,
    retryable: false,
    meaning:
      "The reference service's sandbox controls refuse this key: another Master's family, a production key where they serve sandbox keys only, or a reset they leave to the operator.",
  },
  api_key_invalid: { status: 403, retryable: false, meaning: "The API key is not known." },
  api_key_disabled: { status: 403, retryable: false, meaning: "The API key was disabled." },
  client_inactive: {
    status: 403,
    retryable: false,
    meaning: "The Client (or its Master client) is deactivated.",
  },
  endpoint_not_enabled: {
    status: 403,
    retryable: false,
    meaning: "The endpoint key is not on the Client's allowlist.",
  },
  master_client_required: {
    status: 403,
    retryable: false,
    meaning: "Only a Master client may call this operation.",
  },
  partner_terms_not_permitted: {
    status: 403,
    retryable: false,
    meaning: "The grant does not permit switching to the sponsor's terms.",
  },
  sandbox_endpoint_unavailable: {
    status: 403,
    retryable: false,
    meaning: "The mutating operation is unavailable with a sandbox key.",
  },
  // 402: billing coverage
  insufficient_credit: {
    status: 402,
    retryable: false,
    meaning: "No plan quota, credit or sponsorship covers the call.",
  },
  // 404: not found
  not_found: { status: 404, retryable: false, meaning: "No operation exists at this path." },
  client_user_not_found: {
    status: 404,
    retryable: false,
    meaning: "No Sub-user with this id belongs to the caller.",
  },
  sponsorship_grant_not_found: {
    status: 404,
    retryable: false,
    meaning: "No grant with this reference exists for the caller.",
  },
  job_not_found: {
    status: 404,
    retryable: false,
    meaning: "No job with this id belongs to the caller.",
  },
  vehicle_not_found: {
    status: 404,
    retryable: false,
    meaning: "The `svcId` is unknown or belongs to another Client.",
  },
  vin_not_found: {
    status: 404,
    retryable: false,
    meaning: "The VIN could not be resolved to a vehicle.",
  },
  oe_part_not_found: {
    status: 404,
    retryable: false,
    meaning: "No confirmed base part matches the OE number.",
  },
  recall_match_not_found: {
    status: 404,
    retryable: false,
    meaning: "The VIN could not be resolved for recall matching.",
  },
  seo_no_exact_match: {
    status: 404,
    retryable: false,
    meaning: "No exact marketplace article match (uncharged).",
  },
  translation_not_found: {
    status: 404,
    retryable: false,
    meaning: "The designation is not known in the source language.",
  },
  cluster_not_found: { status: 404, retryable: false, meaning: "The cluster is unknown." },
  // 405
  method_not_allowed: {
    status: 405,
    retryable: false,
    meaning: "The path exists but not with this method.",
  },
  // 408
  request_timeout: {
    status: 408,
    retryable: true,
    meaning: "The request did not arrive in full in time; send it again.",
  },
  // 409: state and idempotency conflicts
  redirect_required: {
    status: 409,
    retryable: false,
    meaning: "The provider value is browser-only; use a redirect session.",
  },
  vin_provider_mismatch: {
    status: 409,
    retryable: false,
    meaning: "A different provider was already used for this VIN.",
  },
  idempotency_request_in_progress: {
    status: 409,
    retryable: true,
    meaning: "The first call with this key is still running; retry after `Retry-After`.",
  },
  idempotency_key_conflict: {
    status: 409,
    retryable: false,
    meaning: "The key was used before with different input; stop.",
  },
  idempotency_result_unavailable: {
    status: 409,
    retryable: false,
    meaning: "The stored result cannot be retrieved; do not switch keys automatically.",
  },
  workspace_reference_exists: {
    status: 409,
    retryable: false,
    meaning: "A partner workspace with this `externalReference` exists.",
  },
  sponsorship_reference_ambiguous: {
    status: 409,
    retryable: false,
    meaning: "Several sponsors use this reference; send `sponsorClientId`.",
  },
  sponsorship_grant_revoked: {
    status: 409,
    retryable: false,
    meaning: "The grant was revoked and can no longer change.",
  },
  billing_mode_locked: {
    status: 409,
    retryable: false,
    meaning: "The switch to the sponsor's terms is permanent.",
  },
  sponsorship_reference_exists: {
    status: 409,
    retryable: false,
    meaning: "The caller already uses this grant reference.",
  },
  client_state_conflict: {
    status: 409,
    retryable: false,
    meaning: "The Client's state does not allow this change.",
  },
  redirect_session_unavailable: {
    status: 409,
    retryable: false,
    meaning: "The redirect session was used, cancelled or has expired.",
  },
  intelligence_refresh_required: {
    status: 409,
    retryable: false,
    meaning: "No eligible materialized result; a refresh would be needed and is disabled.",
  },
  // 413, 415, 422, 431
  payload_too_large: { status: 413, retryable: false, meaning: "The request body is too large." },
  request_headers_too_large: {
    status: 431,
    retryable: false,
    meaning: "The request line and headers are too large.",
  },
  unsupported_media_type: {
    status: 415,
    retryable: false,
    meaning: "Send the body as `application/json`.",
  },
  oe_number_ambiguous: {
    status: 422,
    retryable: false,
    meaning: "The OE number matches several base parts; add `manufacturer`.",
  },
  // 429: limits
  rate_limit_exceeded: {
    status: 429,
    retryable: true,
    meaning: "A rate limit for this Client and endpoint key is exhausted; wait `Retry-After`.",
  },
  client_request_in_progress: {
    status: 429,
    retryable: true,
    meaning: "Another request of this Client is still running.",
  },
  seo_live_requests_paused: {
    status: 429,
    retryable: true,
    meaning: "Live SEO enrichment is paused until `X-Service-Live-Available-At`.",
  },
  // 5xx: temporary failures
  internal_error: {
    status: 500,
    retryable: true,
    meaning: "Unexpected failure; retry with backoff.",
  },
  upstream_unavailable: {
    status: 502,
    retryable: true,
    meaning: "A data source did not answer; retry with backoff.",
  },
  service_unavailable: {
    status: 503,
    retryable: true,
    meaning: "The service is temporarily unavailable.",
  },
  seo_service_unavailable: {
    status: 503,
    retryable: true,
    meaning: "Marketplace content generation is temporarily unavailable.",
  },
  vin_economic_intelligence_disabled: {
    status: 503,
    retryable: false,
    meaning: "VIN Economic Intelligence is disabled in the pilot.",
  },
  commerce_preview_not_operational: {
    status: 503,
    retryable: false,
    meaning: "The commerce interface is a non-operational preview.",
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isKnownErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

/** Unknown codes (a newer service) are treated as not retryable: retrying blindly is the riskier guess. */
export function isRetryableErrorCode(code: string): boolean {
  return isKnownErrorCode(code) && ERROR_CATALOGUE[code].retryable;
}
