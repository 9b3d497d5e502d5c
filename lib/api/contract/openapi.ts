import { z } from "zod";
import { ERROR_CATALOGUE, type ErrorCode, errorBody } from "./errors";
import { HEADERS, SESSION_COOKIE } from "./headers";
import { type ResourceGroup } from "./operation";
import { OPERATION_IDS, OPERATIONS, type OperationDefinition } from "./operations";

export const SERVICE_VERSION = "1.71.0";

/**
 * Who answers for the documents this service publishes, and on what terms: this project, whose
 * package is private and ships no licence file, so no licence is granted.
 */
export const DOCUMENT_OWNER = {
  contact: { name: "vpmi-console (the Service console and its reference service)" },
  // An SPDX expression names a licence outside SPDX's list as LicenseRef-….
  license: {
    name: "Proprietary (UNLICENSED): no licence is granted",
    identifier: "LicenseRef-Proprietary",
  },
} as const;

type JsonSchema = Record<string, unknown>;
type OpenApiDocument = {
  openapi: "3.1.0";
  info: Record<string, unknown>;
  servers: { url: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, unknown>;
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
};

export function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Codes any operation with these columns can return, beyond its own list. */
export function errorCodesOf(op: OperationDefinition): ErrorCode[] {
  const codes = new Set<ErrorCode>([
    "api_key_missing",
    "api_key_invalid",
    "api_key_disabled",
    "client_inactive",
    // Refusals of the HTTP layer, before any operation is known.
    "malformed_request",
    "request_headers_too_large",
    "request_timeout",
  ]);
  if (op.request.params || op.request.query || op.request.body) codes.add("invalid_request");
  if (op.request.body)
    ["invalid_json", "unsupported_media_type", "payload_too_large"].forEach((c) =>
      codes.add(c as ErrorCode),
    );
  if (op.masterOnly) codes.add("master_client_required");
  if (op.billable)
    ["endpoint_not_enabled", "insufficient_credit"].forEach((c) => codes.add(c as ErrorCode));
  if (op.sandbox === "unavailable") codes.add("sandbox_endpoint_unavailable");
  if (op.idempotency === "rejected") codes.add("idempotency_key_not_supported");
  else {
    [
      "invalid_idempotency_key",
      "idempotency_key_conflict",
      "idempotency_request_in_progress",
      "idempotency_result_unavailable",
    ].forEach((c) => codes.add(c as ErrorCode));
    if (op.idempotency === "required") codes.add("idempotency_key_required");
  }
  [
    "rate_limit_exceeded",
    "client_request_in_progress",
    "internal_error",
    "service_unavailable",
  ].forEach((c) => codes.add(c as ErrorCode));
  op.errors.forEach((c) => codes.add(c));
  return [...codes];
}

function parametersOf(op: OperationDefinition): unknown[] {
  const params: unknown[] = [];
  const add = (where: "path" | "query", schema: z.ZodType | undefined) => {
    if (!schema) return;
    const json = toSchema(schema, "input");
    const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    // At least one of several parameters (`oneOfRequired`): said on each, and as an extension.
    const oneOf = ((json.anyOf as JsonSchema[] | undefined) ?? []).flatMap(
      (branch) => (branch.required as string[] | undefined) ?? [],
    );
    for (const [name, prop] of Object.entries(properties)) {
      const { description, ...rest } = prop;
      const inGroup = oneOf.includes(name);
      params.push({
        name,
        in: where,
        required: where === "path" || required.has(name),
        description: inGroup
          ? [description, `Send at least one of ${oneOf.map((n) => `\`${n}\``).join(", ")}.`]
              .filter(Boolean)
              .join(" ")
          : description,
        ...(inGroup ? { "x-one-of-required": oneOf } : {}),
        schema: rest,
      });
    }
  };
  add("path", op.request.params);
  add("query", op.request.query);
  if (op.session?.csrf) {
    params.push({
      name: HEADERS.csrfToken,
      in: "header",
      required: false,
      description:
        "Required when the call is authenticated by the first-party session cookie: the session's token (`GET /pilot/session`).",
      schema: { type: "string" },
    });
  }
  if (op.idempotency !== "rejected") {
    params.push({
      name: HEADERS.idempotencyKey,
      in: "header",
      required: op.idempotency === "required",
      description: "Replays the first successful result for 24 hours, scoped per Client.",
      schema: { type: "string", minLength: 1, maxLength: 255 },
    });
  }
  return params;
}

/** The headers of a successful answer, each a string, with what it says. */
const SUCCESS_HEADERS = Object.fromEntries(
  (
    [
      [
        HEADERS.billingSource,
        "Settlement decision: plan, balance, bundle, sandbox, idempotent_replay.",
      ],
      [HEADERS.usageWarning, "Human text from 90 percent plan use; several joined by `|`."],
      [HEADERS.billingBundle, "Monthly bundle associated with the request."],
      [HEADERS.sponsorshipGrant, "Sponsorship reference that covered the call."],
      [HEADERS.idempotentReplay, "`true` when answered from an earlier completed request."],
      [HEADERS.idempotencyStored, "First-success replay storage result."],
    ] as const
  ).map(([name, description]) => [name, { description, schema: { type: "string" } }]),
);

function responsesOf(op: OperationDefinition): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(op.responses) as [string, z.ZodType][]) {
    const accepted = status === "202";
    responses[status] = {
      description: accepted ? "Accepted: poll `statusUrl` (equal to `Location`)." : "Success",
      headers: accepted
        ? {
            Location: { schema: { type: "string", format: "uri" } },
            "Retry-After": { schema: { type: "integer" } },
            ...SUCCESS_HEADERS,
          }
        : SUCCESS_HEADERS,
      content: { "application/json": { schema: toSchema(schema, "output") } },
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(op)) {
    const { status } = ERROR_CATALOGUE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus.entries()].sort((a, b) => a[0] - b[0])) {
    responses[String(status)] = {
      description: codes
        .map((c) => `\`${c}\`${ERROR_CATALOGUE[c].retryable ? " (retryable)" : ""}`)
        .join(", "),
      content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
    };
  }
  return responses;
}

/** What a person needs to know before calling an operation, from its row of the table. */
function factsOf(op: OperationDefinition): string {
  const facts = [
    `Endpoint key \`${op.endpointKey}\`.`,
    op.masterOnly ? "Master client keys only." : "Any active Client.",
    op.idempotency === "rejected"
      ? "Rejects `Idempotency-Key`."
      : `\`Idempotency-Key\` ${op.idempotency}.`,
    op.billable ? "Billable." : "Not billed.",
    op.async ? "May answer `202` with a job to poll." : undefined,
    op.sandbox === "unavailable" ? "Refused with a sandbox key." : undefined,
    op.replaySafe
      ? undefined
      : "**Not replay-safe**: after an uncertain outcome, check before repeating it.",
  ];
  return facts.filter(Boolean).join(" ");
}

/** What each resource group (a tag of the document) does, in the interface's words. */
const GROUP_DESCRIPTIONS: Record<ResourceGroup, string> = {
  system: "Reachability check.",
  "client-administration":
    "Master clients, Sub-users, API keys, rate limits, plans, usage, credit, sponsorship and partner workspaces.",
  vin: "Browser-guided redirect session, direct vehicle lookup, vehicle-related parts, OE-cart check against a VIN and economic evaluation.",
  vehicles:
    "Technical vehicle record by `svcId`, listing text and one-call intake from a registration document.",
  recalls: "Vehicle (series-level) and part recall matching.",
  parts:
    "OE number normalization, confirmed base-part record, aftermarket references, indicative price evaluation and marketplace article content.",
  intelligence:
    "Part-cluster market intelligence, its history and VIN Economic Intelligence (allowlisted pilot).",
  vdi: "VDI 4081 catalogue reading.",
  translation: "Translation of a single part designation.",
  scanner:
    "Registration, calculation and vehicle document extraction; label and VIN reading from images.",
  vision: "Image analysis, generation and editing for parts and vehicles.",
  commerce:
    "Commerce interface `/commerce/v1`: a concept preview, non-operational until its production gates pass.",
};

/** OpenAPI 3.1.0 document of every operation in the table, with deprecated aliases as extra paths. */
export function buildOpenApiDocument(serverUrl: string): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const id of OPERATION_IDS) {
    const op: OperationDefinition = OPERATIONS[id];
    const operation = (operationId: string, deprecated: boolean, aliasOf?: string) => ({
      operationId,
      summary: op.summary,
      tags: [op.group],
      deprecated: deprecated || undefined,
      description: [
        aliasOf
          ? `Deprecated alias of \`${aliasOf}\`; same request, same response, no redirect.`
          : undefined,
        factsOf(op),
      ]
        .filter(Boolean)
        .join("\n\n"),
      parameters: parametersOf(op),
      requestBody: op.request.body
        ? {
            required: true,
            content: { "application/json": { schema: toSchema(op.request.body, "input") } },
          }
        : undefined,
      responses: responsesOf(op),
      "x-endpoint-key": op.endpointKey,
      "x-master-only": op.masterOnly,
      "x-idempotency": op.idempotency,
      "x-replay-safe": op.replaySafe,
      "x-billable": op.billable,
      "x-async": op.async,
      ...(op.session ? { security: [{ ApiKey: [] }, { ServiceSession: [] }] } : {}),
      ...(op.timeoutSeconds ? { "x-client-timeout-seconds": op.timeoutSeconds } : {}),
    });
    const method = op.method.toLowerCase();
    paths[op.path] = { ...paths[op.path], [method]: operation(id, op.deprecated ?? false) };
    op.aliases?.forEach((alias, i) => {
      paths[alias] = { ...paths[alias], [method]: operation(`${id}Alias${i + 1}`, true, op.path) };
    });
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Vehicle, Parts and Market-Intelligence Service",
      version: SERVICE_VERSION,
      ...DOCUMENT_OWNER,
      description:
        "Every result is derived data and not a guarantee: fitment, references, VDI codes, price evaluations and generated content never prove that a part fits a specific vehicle and are not binding price statements.\n\nTools read this reference as OpenAPI 3.1.0: [/openapi.json](/openapi.json).",
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(OPERATION_IDS.map((id) => OPERATIONS[id].group))].map((name) => ({
      name,
      description: GROUP_DESCRIPTIONS[name],
    })),
    security: [{ ApiKey: [] }],
    components: {
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: HEADERS.apiKey },
        ServiceSession: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description:
            "Verified first-party session of an Intelligence pilot account, accepted by the Intelligence operations only. In the sandbox, sign in at [/pilot/sign-in](/pilot/sign-in); a session-authenticated POST also sends `X-CSRF-Token`.",
        },
      },
      schemas: { ErrorBody: toSchema(errorBody, "output") },
    },
    paths,
  };
}
