import { type z } from "zod";
import { DOCUMENT_OWNER, toSchema, SERVICE_VERSION } from "@/lib/api/contract/openapi";
import {
  clockAdvance,
  clockView,
  controlsIndex,
  faultRuleInput,
  faultRuleList,
  faultRuleView,
  injectableOperationList,
  instanceClockView,
  journalPage,
  resetDone,
  resetInput,
  resetPreview,
  SANDBOX_CONTROLS_PREFIX as P,
} from "@/lib/api/contract/sandbox-controls";

const error = {
  description:
    "`{error, message}`: `api_key_missing` (401), `api_key_invalid` (403), `master_client_required` (403), `sandbox_controls_forbidden` (403: another Master's family, a production key where only sandbox keys are served, or a key's reset there), `invalid_request` (400, with `issues`), `client_user_not_found` or `not_found` (404).",
  content: {
    "application/json": {
      schema: {
        type: "object",
        required: ["error", "message"],
        properties: { error: { type: "string" }, message: { type: "string" } },
      },
    },
  },
};
const ok = (schema: z.ZodType, status = "200") => ({
  [status]: {
    description: "OK",
    content: { "application/json": { schema: toSchema(schema, "output") } },
  },
  "4XX": error,
});
const body = (schema: z.ZodType) => ({
  required: true,
  content: { "application/json": { schema: toSchema(schema, "input") } },
});
const masterId = {
  name: "masterId",
  in: "query",
  required: false,
  description:
    "The Master acted on: required with the operator token; with a Master's key, only that Master.",
  schema: { type: "string" },
};

/**
 * The sandbox controls' own OpenAPI document: an extension of the reference service, kept apart
 * from the interface's document (`/openapi.json`), which never lists these paths.
 */
export function buildSandboxControlsDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Reference service sandbox controls",
      version: SERVICE_VERSION,
      ...DOCUMENT_OWNER,
      description:
        "Test clocks, fault rules and the request journal of the reference service (not part of the interface). See docs/sandbox-controls.md.",
    },
    servers: [{ url: serverUrl }],
    security: [{ MasterKey: [] }, { OperatorToken: [] }],
    components: {
      securitySchemes: {
        MasterKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
        OperatorToken: { type: "http", scheme: "bearer" },
      },
    },
    paths: {
      [P]: {
        get: {
          operationId: "getSandboxControlsIndex",
          summary: "Where the controls are, and which keys they serve (no key needed)",
          security: [],
          responses: ok(controlsIndex),
        },
      },
      [`${P}/clock`]: {
        get: {
          operationId: "getTestClock",
          summary: "A Master's test clock",
          parameters: [masterId],
          responses: ok(clockView),
        },
      },
      [`${P}/clock/advance`]: {
        post: {
          operationId: "advanceTestClock",
          summary: "Move a Master's clock forward (by seconds or to a time; never back)",
          parameters: [masterId],
          requestBody: body(clockAdvance),
          responses: ok(clockView),
        },
      },
      [`${P}/instance-clock`]: {
        get: {
          operationId: "getInstanceClock",
          summary: "The instance's test clock (operator token only)",
          security: [{ OperatorToken: [] }],
          responses: ok(instanceClockView),
        },
      },
      [`${P}/instance-clock/advance`]: {
        post: {
          operationId: "advanceInstanceClock",
          summary: "Move every Master's time forward (operator token only; never back)",
          security: [{ OperatorToken: [] }],
          requestBody: body(clockAdvance),
          responses: ok(instanceClockView),
        },
      },
      [`${P}/reset`]: {
        get: {
          operationId: "previewMasterReset",
          summary:
            "What a reset of the Master would undo, and its confirmation token (5 minutes, one reset)",
          parameters: [masterId],
          responses: ok(resetPreview),
        },
        post: {
          operationId: "resetMaster",
          summary: "Return the Master's family to its seeded state (its own keys stay)",
          parameters: [masterId],
          requestBody: body(resetInput),
          responses: ok(resetDone),
        },
      },
      [`${P}/operations`]: {
        get: {
          operationId: "listInjectableErrors",
          summary: "Each operation's documented errors a rule may inject",
          responses: ok(injectableOperationList),
        },
      },
      [`${P}/fault-rules`]: {
        get: {
          operationId: "listFaultRules",
          summary: "A Master's fault rules with their counts",
          parameters: [masterId],
          responses: ok(faultRuleList),
        },
        post: {
          operationId: "addFaultRule",
          summary: "Add a fault rule (at most 50 per Master)",
          parameters: [masterId],
          requestBody: body(faultRuleInput),
          responses: ok(faultRuleView, "201"),
        },
      },
      [`${P}/fault-rules/{ruleId}`]: {
        delete: {
          operationId: "removeFaultRule",
          summary: "Remove a fault rule",
          parameters: [
            masterId,
            { name: "ruleId", in: "path", required: true, schema: { type: "string" } },
          ],
          responses: { "204": { description: "Removed" }, "4XX": error },
        },
      },
      [`${P}/journal`]: {
        get: {
          operationId: "readJournal",
          summary: "A Master family's last calls, newest first",
          parameters: [
            masterId,
            ...["operationId", "errorCode"].map((name) => ({
              name,
              in: "query",
              schema: { type: "string" },
            })),
            { name: "status", in: "query", schema: { type: "integer" } },
            { name: "faulted", in: "query", schema: { type: "string", enum: ["true", "false"] } },
            { name: "before", in: "query", schema: { type: "integer" } },
            {
              name: "limit",
              in: "query",
              schema: { type: "integer", minimum: 1, maximum: 200, default: 50 },
            },
          ],
          responses: ok(journalPage),
        },
      },
    },
  };
}
