import { type z } from "zod";
import { type EndpointKey } from "./common";
import { type ErrorCode } from "./errors";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ResourceGroup =
  | "system"
  | "client-administration"
  | "vin"
  | "vehicles"
  | "recalls"
  | "parts"
  | "intelligence"
  | "vdi"
  | "translation"
  | "scanner"
  | "vision"
  | "commerce";

/**
 * Whose work an operation is in an organization that runs the console: administering Sub-users,
 * keys and workspaces; billing (credit, plans, grants, billing mode); operations (vehicles, parts,
 * scanner, vision, Intelligence and the jobs they order); or the system's own checks. The
 * console's roles are sets of operations chosen by this column.
 */
export type OperationDuty = "administration" | "billing" | "operations" | "system";

const DUTY_OF_GROUP: Record<ResourceGroup, OperationDuty> = {
  system: "system",
  "client-administration": "administration",
  vin: "operations",
  vehicles: "operations",
  recalls: "operations",
  parts: "operations",
  intelligence: "operations",
  vdi: "operations",
  translation: "operations",
  scanner: "operations",
  vision: "operations",
  commerce: "operations",
};

/**
 * One row of the operations table. Every consumer (the service's middleware, the client's
 * retry and idempotency rules, the OpenAPI document) reads these columns; nothing repeats them.
 */
export interface OperationDefinition {
  method: HttpMethod;
  /** OpenAPI-style path with `{param}` segments. */
  path: string;
  /** Deprecated compatibility aliases: same operation, same response, no redirect. */
  aliases?: readonly string[];
  group: ResourceGroup;
  /** Whose work it is in an organization (its group's, unless the group file says otherwise). */
  duty: OperationDuty;
  summary: string;
  endpointKey: EndpointKey;
  /** Only a Master client key may call it. */
  masterOnly: boolean;
  /** `optional`/`required`: the operation declares `Idempotency-Key`; `rejected`: it answers `idempotency_key_not_supported`. */
  idempotency: "optional" | "required" | "rejected";
  /** A body for which an operation that otherwise takes the key refuses it (it keeps no replay). */
  rejectsKeyWhen?: (body: unknown) => boolean;
  /** False where repeating after an uncertain outcome could create a second resource or order. */
  replaySafe: boolean;
  billable: boolean;
  /** May answer `202` with a job to poll: derived from `responses[202]`. */
  async: boolean;
  /**
   * An order of asynchronous work: its family (a job id never moves between families) and the
   * operation that reads its status. Everything about jobs (status paths, the family list, the
   * pollers, the service's status handlers) is derived from this column.
   */
  job?: { family: string; status: string };
  deprecated?: boolean;
  /** Mutating operations that a sandbox key may not call (`sandbox_endpoint_unavailable`). */
  sandbox: "available" | "unavailable";
  /** Responses carry `Cache-Control: no-store` (raw keys, personal documents). */
  noStore?: boolean;
  /**
   * Also reachable with a verified first-party session cookie (the Intelligence pilot);
   * `csrf`: a session-authenticated call must carry a valid `X-CSRF-Token`.
   */
  session?: { csrf: boolean };
  /** Approved for agents: exposed as this tool of the MCP endpoint (private preview). */
  agent?: { tool: string };
  /** Client timeout hint where the interface gives one. */
  timeoutSeconds?: number;
  /**
   * Its work reads and writes nothing (a reachability check): a call is active only while it is
   * admitted, so the service takes its Client's lock in the transaction that counts it.
   */
  workFree?: true;
  request: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
  responses: { 200?: z.ZodType; 201?: z.ZodType; 202?: z.ZodType };
  /** Operation-specific error codes, beyond those every operation of its kind can return. */
  errors: readonly ErrorCode[];
}

/** The columns most operations share; a row states only where it differs. */
const DEFAULTS = {
  masterOnly: false,
  idempotency: "rejected",
  replaySafe: true,
  billable: false,
  sandbox: "available",
  errors: [],
} as const satisfies Partial<OperationDefinition>;

/** A Master's change to its administration: Master-only, and refused with a sandbox key. */
/**
 * Whether the console's audit log records a call of this operation: a change, or an order of work
 * (a read that may start a paid job).
 */
export const isAudited = (op: OperationDefinition) => op.method !== "GET" || op.async;

export const MASTER_CHANGE = { masterOnly: true, sandbox: "unavailable" } as const;

/** Whether a call with this body refuses `Idempotency-Key`: the client sends none, the service refuses one. */
export const rejectsIdempotencyKey = (op: OperationDefinition, body: unknown) =>
  op.idempotency === "rejected" || op.rejectsKeyWhen?.(body) === true;

/** Codes every job status operation can return beyond the common ones. */
export const JOB_STATUS_ERRORS = ["job_not_found"] as const satisfies readonly ErrorCode[];

/** What a group file writes for one operation: the columns that differ from the defaults. */
export type OperationSpec = Omit<
  OperationDefinition,
  "group" | "duty" | "async" | keyof typeof DEFAULTS
> &
  Partial<Pick<OperationDefinition, keyof typeof DEFAULTS>>;

type Resolved<S, G extends ResourceGroup> = Omit<typeof DEFAULTS, keyof S> &
  S & { group: G; duty: OperationDuty; async: boolean };

type Route = `${HttpMethod} /${string}`;
type MethodOf<R extends Route> = R extends `${infer M extends HttpMethod} ${string}` ? M : never;
type PathOf<R extends Route> = R extends `${HttpMethod} ${infer P}` ? P : never;

/**
 * One row of the table, written as the interface's own tables read: route, endpoint key,
 * summary, then the columns where the operation differs from the defaults.
 */
export function row<
  const R extends Route,
  const C extends Omit<OperationSpec, "method" | "path" | "endpointKey" | "summary">,
>(
  route: R,
  endpointKey: EndpointKey,
  summary: string,
  columns: C,
): C & { method: MethodOf<R>; path: PathOf<R>; endpointKey: EndpointKey; summary: string } {
  const [method, path] = route.split(" ") as [MethodOf<R>, PathOf<R>];
  return { method, path, endpointKey, summary, ...columns };
}

/**
 * The rows of one resource group, completed with the defaults; `async` follows `responses[202]`,
 * `duty` is the group's unless the file names another (billing within client administration).
 */
export function defineGroup<
  const G extends ResourceGroup,
  const T extends Record<string, OperationSpec>,
>(
  group: G,
  specs: T,
  duty: OperationDuty = DUTY_OF_GROUP[group],
): { [K in keyof T]: Resolved<T[K], G> } {
  const rows: Record<string, OperationDefinition> = {};
  for (const [id, spec] of Object.entries(specs))
    rows[id] = { ...DEFAULTS, ...spec, group, duty, async: spec.responses[202] !== undefined };
  return rows as { [K in keyof T]: Resolved<T[K], G> };
}
