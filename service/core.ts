import { type BillingSource } from "@/lib/api/contract/headers";
import { type EndpointKey } from "@/lib/api/contract/common";
import { ERROR_CATALOGUE, type ErrorCode } from "@/lib/api/contract/errors";
import { type KeyEnvironment } from "@/lib/api/contract/api-keys";
import { type FaultEffect } from "@/lib/api/contract/sandbox-controls";
import type * as schema from "./db/schema";

/*
 * The words every layer of the service shares: who is calling, what a call was charged, the rate
 * rules that govern it, a sandbox fault rule it carries, and a documented failure. This module
 * imports no pipeline step, domain or route file, so any of them can import it without a circle.
 */

/**
 * A documented failure: the code fixes the HTTP status (from the catalogue), the message is for
 * people, `extra` adds the operation-specific fields some variants carry.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_CATALOGUE[code].status;
  }

  body(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export type ClientRow = typeof schema.clients.$inferSelect;
/**
 * A Client as its callers see it: everything but the balance, which moves with every charge
 * (a caller is remembered across calls; a balance is read where it is reported).
 */
export type CallerClient = Omit<ClientRow, "balanceMinor">;
export type ApiKeyRow = typeof schema.apiKeys.$inferSelect;
export interface ActiveRateRule {
  id: string;
  endpointKey: string;
  windowSeconds: number;
  maxRequests: number;
  apiKeyId: string | null;
}

export interface Caller {
  client: CallerClient;
  parent: CallerClient | null;
  key: ApiKeyRow;
  environment: KeyEnvironment;
  isMaster: boolean;
  /** The Client's active rate-limit overrides, loaded with the key. */
  rateRules: ActiveRateRule[];
  /** The sandbox fault rules of its Master's family (reference-service extension). */
  faultRules: FaultRule[];
  /** The sandbox instance clock: how far ahead of real time every call runs (ms). */
  instanceClockOffsetMs: number;
}

/** A rule as a caller carries it (loaded with the key, see `authenticate`). */
export interface FaultRule {
  id: string;
  operationId: string;
  endpointKey: string | null;
  effect: FaultEffect;
  remaining: number | null;
  probability: number | null;
}

export interface Charge {
  eventId: number;
  source: Exclude<BillingSource, "idempotent_replay">;
  amountMinor: number;
  payerClientId: string;
  grantReference?: string;
  bundle?: string;
  usageWarnings: string[];
  /** What the usage event recorded, so a refunded call can be recorded alike. */
  recorded: { grantId: string | null; planId: string | null; vin: string | null };
}

export interface ChargeRequest {
  caller: Caller;
  endpointKey: EndpointKey;
  operationId: string;
  /** Full VIN of a bundle call (vehicle, parts, cart check), if any. */
  vin?: string;
  /** `X-Request-Id` of the call, kept with its usage event. */
  requestId: string;
  /** The service instance answering the call. */
  instanceId: string;
  /** The call's time on the instance's clock: a grant between two families is dated by it. */
  instanceNow: Date;
  /** The answer is the caller's only way to the outcome: the charge stands once it is handed over. */
  pendingDelivery: boolean;
  now: Date;
}

export interface RateRule {
  ruleKey: string;
  windowSeconds: number;
  maxRequests: number;
}

/** One fixed window of one rule, as of the call's time (epoch seconds). */
export interface RateWindow {
  rule: RateRule;
  start: number;
  end: number;
}

/** A handler's answer with the data the contract's `200` describes. */
export function ok<const T>(data: T) {
  return { status: 200 as const, data };
}
