import { z } from "zod";

/** Header names the interface documents, spelled once. */
export const HEADERS = {
  apiKey: "X-Api-Key",
  idempotencyKey: "Idempotency-Key",
  location: "Location",
  retryAfter: "Retry-After",
  billingSource: "X-Service-Billing-Source",
  usageWarning: "X-Service-Usage-Warning",
  billingBundle: "X-Service-Billing-Bundle",
  sponsorshipGrant: "X-Service-Sponsorship-Grant",
  liveAvailableAt: "X-Service-Live-Available-At",
  idempotentReplay: "X-Service-Idempotent-Replay",
  idempotencyStored: "X-Service-Idempotency-Stored",
  requestId: "X-Request-Id",
  csrfToken: "X-CSRF-Token",
  /**
   * A reference-service extension on a refused call of a billable operation: `not_charged` (it
   * was refused before any charge) or `refunded` (it was charged, then failed, and the charge was
   * refunded automatically). The interface itself does not say which.
   */
  chargeOutcome: "X-Service-Charge-Outcome",
} as const;

export const CHARGE_OUTCOMES = ["not_charged", "refunded"] as const;
export type ChargeOutcome = (typeof CHARGE_OUTCOMES)[number];

/** The first-party session cookie of the Intelligence pilot (a `__Host-` cookie: Secure, Path=/, no Domain). */
export const SESSION_COOKIE = "__Host-service_session";

/** Technical settlement decision, not proof of a debit. */
export const BILLING_SOURCES = [
  "plan",
  "balance",
  "bundle",
  "sandbox",
  "idempotent_replay",
] as const;
export const billingSource = z.enum(BILLING_SOURCES);
export type BillingSource = z.infer<typeof billingSource>;

/** Several usage warnings share one header, joined by a vertical bar. */
export const USAGE_WARNING_SEPARATOR = "|";

/** `Idempotency-Key`: 1 to 255 visible ASCII characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The `X-Service-*` and retry headers of one response, typed. */
export interface ServiceMetadata {
  /** A value outside the documented set is kept as text rather than dropped. */
  billingSource?: BillingSource | (string & {});
  usageWarnings: string[];
  billingBundle?: string;
  sponsorshipGrant?: string;
  liveAvailableAt?: string;
  idempotentReplay: boolean;
  /** `undefined` when the header was absent (no key sent, or not a first success). */
  idempotencyStored?: boolean;
  retryAfterSeconds?: number;
  location?: string;
  requestId?: string;
  /** What became of a refused call's charge, where the service says (reference-service extension). */
  chargeOutcome?: ChargeOutcome;
}

/** `Retry-After` is either delta-seconds or an HTTP date; both become whole seconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export function splitUsageWarnings(value: string | null): string[] {
  if (!value) return [];
  return value
    .split(USAGE_WARNING_SEPARATOR)
    .map((w) => w.trim())
    .filter((w) => w.length > 0);
}

export function parseServiceMetadata(headers: Headers, now = Date.now()): ServiceMetadata {
  const get = (name: string) => headers.get(name) ?? undefined;
  const stored = headers.get(HEADERS.idempotencyStored);
  return {
    billingSource: get(HEADERS.billingSource),
    usageWarnings: splitUsageWarnings(headers.get(HEADERS.usageWarning)),
    billingBundle: get(HEADERS.billingBundle),
    sponsorshipGrant: get(HEADERS.sponsorshipGrant),
    liveAvailableAt: get(HEADERS.liveAvailableAt),
    idempotentReplay: headers.get(HEADERS.idempotentReplay) === "true",
    idempotencyStored: stored === null ? undefined : stored === "true",
    retryAfterSeconds: parseRetryAfter(headers.get(HEADERS.retryAfter), now),
    location: get(HEADERS.location),
    requestId: get(HEADERS.requestId),
    chargeOutcome: (CHARGE_OUTCOMES as readonly string[]).includes(get(HEADERS.chargeOutcome) ?? "")
      ? (get(HEADERS.chargeOutcome) as ChargeOutcome)
      : undefined,
  };
}
