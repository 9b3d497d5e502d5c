import { type z } from "zod";
import { billingOperations } from "./billing.operations";
import { clientUserOperations } from "./client-users.operations";
import { commerceOperations } from "./commerce.operations";
import { intelligenceOperations } from "./intelligence.operations";
import { type OperationDefinition } from "./operation";
import { partnerWorkspaceOperations } from "./partner-workspaces.operations";
import { partsOperations } from "./parts.operations";
import { sponsorshipOperations } from "./sponsorship.operations";
import { recallOperations } from "./recalls.operations";
import { scannerOperations } from "./scanner.operations";
import { systemOperations } from "./system.operations";
import { translationOperations } from "./translation.operations";
import { vdiOperations } from "./vdi.operations";
import { vehicleOperations } from "./vehicles.operations";
import { vinOperations } from "./vin.operations";
import { visionOperations } from "./vision.operations";

export * from "./operation";

/**
 * The operations table: one row per operation of the interface, assembled from one file per
 * resource group (`<group>.operations.ts`, beside the group's schemas). Every consumer (the
 * service's pipeline, the client's retry and idempotency rules, the console's actions, the
 * OpenAPI document) reads these columns; nothing repeats them.
 */
export const OPERATIONS = {
  ...systemOperations,
  ...clientUserOperations,
  ...billingOperations,
  ...sponsorshipOperations,
  ...partnerWorkspaceOperations,
  ...vinOperations,
  ...vehicleOperations,
  ...recallOperations,
  ...partsOperations,
  ...vdiOperations,
  ...translationOperations,
  ...intelligenceOperations,
  ...scannerOperations,
  ...visionOperations,
  ...commerceOperations,
};

export type Operations = typeof OPERATIONS;
export type OperationId = keyof Operations;
export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[];

export function getOperation(id: OperationId): OperationDefinition {
  return OPERATIONS[id];
}

/** Every path the interface documents (aliases excluded), in table order, without duplicates. */
export function documentedPaths(): string[] {
  return [...new Set(OPERATION_IDS.map((id) => OPERATIONS[id].path))];
}

// --- Types derived from the table, used by the typed client ----------------------------------

type Req<Id extends OperationId> = Operations[Id]["request"];
type Part<R, K extends "params" | "query" | "body"> = R extends {
  [P in K]: infer S extends z.ZodType;
}
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };
export type OperationInput<Id extends OperationId> = Part<Req<Id>, "params"> &
  Part<Req<Id>, "query"> &
  Part<Req<Id>, "body">;

type Resp<Id extends OperationId> = Operations[Id]["responses"];
export type OperationResult<Id extends OperationId> = {
  [S in keyof Resp<Id> & number]: Resp<Id>[S] extends z.ZodType
    ? { status: S; data: z.output<Resp<Id>[S]> }
    : never;
}[keyof Resp<Id> & number];

// --- Jobs, derived from the `job` column -------------------------------------------------------

/** A status operation that answers `202` while the work is pending (the Intelligence jobs). */
type PendingBy202<S extends OperationId> = 202 extends keyof Operations[S]["responses"]
  ? true
  : false;
type FamilyOf<Id extends OperationId, Pending extends boolean> = Operations[Id] extends {
  job: { family: infer F; status: infer S extends OperationId };
}
  ? PendingBy202<S> extends Pending
    ? F
    : never
  : never;

/**
 * Families of the interface's "asynchronous job" (VIN parts, cart check, economic evaluation,
 * part-image generation): the status operation always answers `200` with `status` and, when
 * terminal, `result` or `error`.
 */
export type OrderJobFamily = { [Id in OperationId]: FamilyOf<Id, false> }[OperationId];
/** Families of the Intelligence jobs: the status operation answers `202` until the final `200`. */
export type IntelligenceJobFamily = { [Id in OperationId]: FamilyOf<Id, true> }[OperationId];
/** Every kind of job: the order jobs and the Intelligence jobs. */
export type JobFamily = OrderJobFamily | IntelligenceJobFamily;
export type JobStatusOperation = {
  [Id in OperationId]: Operations[Id] extends { job: { status: infer S extends OperationId } }
    ? S
    : never;
}[OperationId];

const JOB_ROWS = OPERATION_IDS.flatMap((id) => {
  const job = (OPERATIONS[id] as OperationDefinition).job;
  return job ? [{ family: job.family, status: job.status as OperationId }] : [];
});
const STATUS_OF_FAMILY = new Map(JOB_ROWS.map((r) => [r.family, r.status]));
const FAMILY_OF_STATUS = new Map(JOB_ROWS.map((r) => [r.status, r.family]));
const pendingBy202 = (status: OperationId) =>
  (OPERATIONS[status] as OperationDefinition).responses[202] !== undefined;

/** Every family of the order jobs (the interface's "asynchronous job"), in table order. */
export const ORDER_JOB_FAMILIES = [
  ...new Set(JOB_ROWS.filter((r) => !pendingBy202(r.status)).map((r) => r.family)),
] as OrderJobFamily[];
/** Every family of the Intelligence jobs, in table order. */
export const INTELLIGENCE_JOB_FAMILIES = [
  ...new Set(JOB_ROWS.filter((r) => pendingBy202(r.status)).map((r) => r.family)),
] as IntelligenceJobFamily[];
/** Every family, the order jobs first, in table order. */
export const JOB_FAMILIES: readonly JobFamily[] = [
  ...ORDER_JOB_FAMILIES,
  ...INTELLIGENCE_JOB_FAMILIES,
];

/** The operation that reads the status of a family's jobs. */
export function jobStatusOperation(family: JobFamily): JobStatusOperation {
  return STATUS_OF_FAMILY.get(family) as JobStatusOperation;
}

/** The family whose jobs a status operation reads. */
export function jobFamilyOf(statusOperation: JobStatusOperation): JobFamily {
  return FAMILY_OF_STATUS.get(statusOperation) as JobFamily;
}

/** The status operations of the order-job families (not Intelligence). */
export const ORDER_JOB_STATUS_OPERATIONS = ORDER_JOB_FAMILIES.map(jobStatusOperation);

export function isOrderJobFamily(value: string): value is OrderJobFamily {
  return (ORDER_JOB_FAMILIES as string[]).includes(value);
}

export function isIntelligenceJobFamily(family: string): family is IntelligenceJobFamily {
  return (INTELLIGENCE_JOB_FAMILIES as string[]).includes(family);
}

/** Path of a job's status, relative to the service's base URL. */
export function jobStatusPath(family: JobFamily, jobId: string): string {
  return OPERATIONS[jobStatusOperation(family)].path.replace("{jobId}", encodeURIComponent(jobId));
}
