import { z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN } from "./headers";
import { toSchema } from "./openapi";
import {
  type OperationDefinition,
  OPERATION_IDS,
  OPERATIONS,
  type OperationId,
} from "./operations";

/**
 * The agent endpoint's tool catalogue, generated from the operations table's `agent` column:
 * each tool is one REST operation, with its input (path, query and body fields, plus the
 * idempotency key a paid tool requires), its scopes and its cost class. Nothing is listed by hand.
 */
export const AGENT_SCOPES = {
  connect: "mcp:connect",
  read: "mcp:read",
  spend: "mcp:spend",
} as const;
export const ALL_AGENT_SCOPES = Object.values(AGENT_SCOPES);

export type CostClass = "free" | "metered";

export interface AgentTool {
  name: string;
  operationId: OperationId;
  description: string;
  input: z.ZodObject;
  /** The result envelope, its `data` being what the REST operation answers. */
  output: z.ZodObject;
  scopes: string[];
  costClass: CostClass;
  /** A paid tool refuses a call without `idempotencyKey`. */
  requiresIdempotencyKey: boolean;
}

/** The tool result's envelope: data, billing, provenance and error kept apart. */
export const agentToolResult = z.strictObject({
  data: z.unknown().nullable(),
  billing: z.strictObject({
    costClass: z.enum(["free", "metered"]),
    status: z.enum(["not_charged", "charged", "replayed", "refunded", "included"]),
    source: z.string().nullable(),
    usageEventId: z.string().nullable(),
  }),
  provenance: z.strictObject({
    sourceKind: z.string(),
    operationId: z.string(),
    requestId: z.string().nullable(),
    observedAt: z.string(),
    freshness: z.string().nullable(),
    confidence: z.number().nullable(),
    trustClass: z.string(),
    usageRights: z.string(),
    caveats: z.array(z.string()),
  }),
  error: z
    .strictObject({
      code: z.string(),
      category: z.string(),
      message: z.string(),
      retryAfterSeconds: z.number().nullable(),
      requestId: z.string().nullable(),
      billingStatus: z.string(),
    })
    .nullable(),
});
export type AgentToolResult = z.infer<typeof agentToolResult>;

const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> =>
  schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};

function toolOf(operationId: OperationId, op: OperationDefinition): AgentTool {
  const paid = op.billable;
  // Every paid tool takes a key (the endpoint replays it even where REST declares none).
  const takesKey = paid || op.idempotency !== "rejected";
  const input = z.strictObject({
    ...shapeOf(op.request.params),
    ...shapeOf(op.request.query),
    ...(op.request.body ? { body: op.request.body } : {}),
    ...(takesKey
      ? {
          idempotencyKey: paid
            ? z.string().regex(IDEMPOTENCY_KEY_PATTERN)
            : z.string().regex(IDEMPOTENCY_KEY_PATTERN).optional(),
        }
      : {}),
  });
  const answers = [op.responses[200], op.responses[202]].filter((r): r is z.ZodType => !!r);
  const data = answers.length === 1 ? answers[0]! : z.union(answers as [z.ZodType, z.ZodType]);
  return {
    output: agentToolResult.extend({ data: data.nullable() }),
    name: op.agent!.tool,
    operationId,
    description: `${op.summary} (${op.method} ${op.path}).${paid ? " Paid: send a stable idempotencyKey; a repeat with the same key is not charged again." : " Free."}`,
    input,
    scopes: [AGENT_SCOPES.connect, paid ? AGENT_SCOPES.spend : AGENT_SCOPES.read],
    costClass: paid ? "metered" : "free",
    requiresIdempotencyKey: paid,
  };
}

export const AGENT_TOOLS: readonly AgentTool[] = OPERATION_IDS.filter(
  (id) => (OPERATIONS[id] as OperationDefinition).agent,
).map((id) => toolOf(id, OPERATIONS[id]));

/** The catalogue as `tools/list` answers it (JSON Schemas), built once. */
export interface AgentToolListing {
  name: string;
  description: string;
  inputSchema: { type: "object"; required?: string[] } & Record<string, unknown>;
  outputSchema: { type: "object" } & Record<string, unknown>;
  annotations: { readOnlyHint: boolean };
  _meta: { scopes: string[]; costClass: CostClass; operationId: OperationId };
}
let listing: AgentToolListing[] | undefined;
export function agentToolListing(): AgentToolListing[] {
  listing ??= AGENT_TOOLS.map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: toSchema(t.input, "input") as AgentToolListing["inputSchema"],
    outputSchema: toSchema(t.output, "output") as AgentToolListing["outputSchema"],
    annotations: { readOnlyHint: OPERATIONS[t.operationId].method === "GET" },
    _meta: { scopes: t.scopes, costClass: t.costClass, operationId: t.operationId },
  }));
  return listing;
}

const BY_NAME = new Map(AGENT_TOOLS.map((t) => [t.name, t]));
export const agentTool = (name: string) => BY_NAME.get(name);
