import { z } from "zod";

/**
 * The reference service's sandbox controls: an extension of the reference service, not part of
 * the interface (its own prefix, its own OpenAPI document). Shapes shared by the service, which
 * checks requests with them, and the console, which parses the answers with them.
 */
export const SANDBOX_CONTROLS_PREFIX = "/_sandbox";

/**
 * `GET /_sandbox`: where the controls are, and which keys they serve: `all` (every Master's key)
 * or `sandbox` (sandbox keys only; a reset is the operator's). A service without controls
 * answers 404.
 */
export const controlsIndex = z.strictObject({
  controls: z.array(z.string()),
  openapi: z.string(),
  keys: z.enum(["all", "sandbox"]),
});
export type ControlsIndex = z.infer<typeof controlsIndex>;

/**
 * What a fault rule does to a call it fires on:
 * - `latency`: the call runs as usual, `ms` later (holding its Client, as a slow call does);
 * - `error`: the call answers a documented error of its operation, exactly as the service would
 *   (status, code, headers, body), before anything is charged;
 * - `drop_before`: the connection is closed before the call does anything (nothing happened);
 * - `drop_after_commit`: the call runs and commits (charged, stored, kept for replay), then the
 *   connection is closed instead of answering: the "outcome unknown" case;
 * - `job_failure`: a call that answers with a job gets one that ends `failed` with this embedded
 *   error (and its order refunded, as for any failed job).
 */
/** The bounds of a fault rule's numbers: the schema below and the console's form both read them. */
export const FAULT_RULE_BOUNDS = {
  latencyMs: { min: 1, max: 60_000 },
  retryAfterSeconds: { min: 1, max: 86_400 },
  times: { min: 1, max: 1_000_000 },
} as const;
/** A job failure's code: lower-case letters, digits and underscores, starting with a letter. */
export const JOB_FAILURE_CODE = /^[a-z][a-z0-9_]{0,63}$/;

const bounded = ({ min, max }: { min: number; max: number }) => z.number().int().min(min).max(max);

export const faultEffect = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("latency"), ms: bounded(FAULT_RULE_BOUNDS.latencyMs) }),
  z.strictObject({
    kind: z.literal("error"),
    code: z.string().min(1).max(100),
    /** Seconds in `Retry-After` (and the live-availability time) for the codes that carry it. */
    retryAfterSeconds: bounded(FAULT_RULE_BOUNDS.retryAfterSeconds).optional(),
    /** Fields added to the error body, for codes whose documented body carries more. */
    fields: z.record(z.string().max(100), z.json()).optional(),
  }),
  z.strictObject({ kind: z.literal("drop_before") }),
  z.strictObject({ kind: z.literal("drop_after_commit") }),
  z.strictObject({
    kind: z.literal("job_failure"),
    code: z.string().regex(JOB_FAILURE_CODE, "lower-case letters, digits and underscores"),
    message: z.string().min(1).max(500),
  }),
]);
export type FaultEffect = z.infer<typeof faultEffect>;
export const FAULT_EFFECT_KINDS = [
  "latency",
  "error",
  "drop_before",
  "drop_after_commit",
  "job_failure",
] as const;

export const faultRuleInput = z.strictObject({
  operationId: z.string().min(1).max(100),
  endpointKey: z.string().min(1).max(100).optional(),
  effect: faultEffect,
  /** Fires on the next N matching calls; without it, on every matching call. */
  times: bounded(FAULT_RULE_BOUNDS.times).optional(),
  /** The chance that a matching call is affected (default 1). */
  probability: z.number().gt(0).max(1).optional(),
});
export type FaultRuleInput = z.infer<typeof faultRuleInput>;

export const faultRuleView = z.strictObject({
  id: z.string(),
  operationId: z.string(),
  endpointKey: z.string().nullable(),
  effect: faultEffect,
  /** Firings left; null: every matching call. */
  remaining: z.number().int().nullable(),
  probability: z.number().nullable(),
  firedCount: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type FaultRuleView = z.infer<typeof faultRuleView>;

export const faultRuleList = z.strictObject({
  masterId: z.string(),
  faultRules: z.array(faultRuleView),
});

export const clockAdvance = z
  .strictObject({
    seconds: z
      .number()
      .int()
      .min(1)
      .max(10 * 366 * 86_400)
      .optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((v) => (v.seconds === undefined) !== (v.to === undefined), {
    message: "give exactly one of seconds and to",
  });
export type ClockAdvance = z.infer<typeof clockAdvance>;

/** A Master's clock: `offsetSeconds` ahead of real time in all (the instance's and its own). */
export const clockView = z.strictObject({
  masterId: z.string(),
  now: z.iso.datetime({ offset: true }),
  offsetSeconds: z.number().int(),
});

/** The instance's clock (operator only): every Master's clock runs at least this far ahead. */
export const instanceClockView = z.strictObject({
  now: z.iso.datetime({ offset: true }),
  offsetSeconds: z.number().int(),
});
export type ClockView = z.infer<typeof clockView>;

export const injectableOperationList = z.strictObject({
  operations: z.array(
    z.strictObject({
      operationId: z.string(),
      method: z.string(),
      path: z.string(),
      endpointKey: z.string(),
      errors: z.array(
        z.strictObject({ code: z.string(), status: z.number().int(), retryable: z.boolean() }),
      ),
    }),
  ),
});
export type InjectableOperation = z.infer<typeof injectableOperationList>["operations"][number];

export const journalQuery = z.strictObject({
  masterId: z.string().min(1).max(100).optional(),
  operationId: z.string().min(1).max(100).optional(),
  status: z.coerce.number().int().min(100).max(599).optional(),
  errorCode: z.string().min(1).max(100).optional(),
  faulted: z.enum(["true", "false"]).optional(),
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const journalEntry = z.strictObject({
  id: z.number().int(),
  at: z.iso.datetime({ offset: true }),
  requestId: z.string(),
  clientId: z.string(),
  operationId: z.string(),
  /** The status the call produced; null when a fault rule dropped it before it did anything. */
  status: z.number().int().nullable(),
  /** False when a fault rule closed the connection instead of answering. */
  delivered: z.boolean(),
  errorCode: z.string().nullable(),
  billingSource: z.string().nullable(),
  chargedMinor: z.number().int().nullable(),
  /**
   * The call's charge was given back: the call failed, or its answer was never delivered (a
   * `drop_after_commit` rule without an Idempotency-Key, a caller gone, a crashed instance).
   */
  refunded: z.boolean(),
  idempotencyKey: z.string().nullable(),
  durationMs: z.number(),
  faultRuleId: z.string().nullable(),
});
export type JournalEntryView = z.infer<typeof journalEntry>;

export const journalPage = z.strictObject({
  masterId: z.string(),
  entries: z.array(journalEntry),
  /** The `before` of the next (older) page; null on the last. */
  nextBefore: z.number().int().nullable(),
  /** How many entries the service keeps per Master. */
  keeps: z.number().int(),
});

/** `GET /_sandbox/reset`: what a reset would undo, and the confirmation it needs (five minutes). */
export const resetPreview = z.strictObject({
  masterId: z.string(),
  confirmationToken: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  /** Rows of the family now and as seeded, by table, each counted up to `countedUpTo` + 1. */
  now: z.record(z.string(), z.number().int()),
  seeded: z.record(z.string(), z.number().int()),
  /** A count above this means "more than this many": a family's million usage events are not counted one by one. */
  countedUpTo: z.number().int(),
});
export type ResetPreview = z.infer<typeof resetPreview>;

export const resetInput = z.strictObject({ confirmationToken: z.string().min(1).max(200) });

export const resetDone = z.strictObject({
  masterId: z.string(),
  /** Rows put back, by table. */
  restored: z.record(z.string(), z.number().int()),
});
