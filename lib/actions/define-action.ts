import "server-only";
import { humanIssue } from "@/lib/validation/human-issues";
import { unstable_rethrow } from "next/navigation";
import { type z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN } from "@/lib/api/contract/headers";
import {
  isAudited,
  type OperationDefinition,
  type OperationId,
  type OperationInput,
  type Operations,
  OPERATIONS,
} from "@/lib/api/contract/operations";
import {
  InvalidInputError,
  OutcomeUnknownError,
  ServiceError,
  type ServiceResponse,
  ServiceUnreachableError,
} from "@/lib/api/client";
import { recordAuditOrLog } from "@/lib/store/audit-log";
import { roleRefusalIn } from "@/lib/auth/refusal-words";
import { serverWords } from "./server-words";
import { needsStepUp, STEP_UP_REQUIRED } from "@/lib/people/step-up";
import { actionSession, type SignedIn } from "@/lib/auth/guards";
import { fieldOfCode, messageForCode } from "@/lib/operations/code-sentences";
import { consoleLog } from "@/lib/log/console-log";
import { type ActionResult, type FieldErrors, fieldErrorsOf } from "./action-result";

export interface ActionContext<Id extends OperationId> extends SignedIn {
  /**
   * Calls the action's operation with the action's Idempotency-Key (the form's, reused when the
   * user sends the same form again), and notes whether the answer was a replay.
   */
  call(
    input: OperationInput<Id>,
    options?: { idempotencyKey?: string },
  ): Promise<ServiceResponse<Id>>;
}

/** What the browser sends besides the action's own input: the form's key, where the operation declares one. */
type KeyInput<Id extends OperationId> = Operations[Id]["idempotency"] extends "required"
  ? { idempotencyKey: string }
  : Operations[Id]["idempotency"] extends "optional"
    ? { idempotencyKey?: string }
    : object;

interface ActionConfig<Id extends OperationId, S extends z.ZodType, T> {
  /**
   * The operation this action performs. Its row decides who may run it (Master-only), whether
   * it takes an Idempotency-Key, and whether it is written to the audit log (every change and
   * every order of work is; a plain read is not).
   */
  operation: Id;
  input: S;
  /** What the action acts on, for the audit log. */
  target?: (input: z.output<S>) => string | undefined;
  run: (input: z.output<S>, ctx: ActionContext<Id>) => Promise<T>;
  /**
   * For the audit log's before and after: what the change is about as it stood before (a read,
   * made just before the change; if it fails the change still goes ahead) and as it stands after.
   * Never a secret: both pass the log redactor, and a key's plaintext is not put here.
   */
  before?: (input: z.output<S>, ctx: SignedIn) => Promise<Record<string, unknown> | undefined>;
  after?: (result: T, input: z.output<S>) => Record<string, unknown> | undefined;
  /**
   * A dangerous action (issuing a key, deactivating, revoking): a person confirms with a second
   * factor or passkey unless they did in the last five minutes; the browser then sends it again.
   */
  stepUp?: true | ((input: z.output<S>) => boolean);
}

/** Thrown by an action's `run` to refuse with a console-side reason, shown like a service refusal. */
export class ActionRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

function detailsOf(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const { error: _error, message: _message, issues: _issues, ...rest } = body;
  return Object.keys(rest).length ? rest : undefined;
}

type Refusal = Extract<ActionResult<never>, { ok: false }>;
const refusal = (
  code: string,
  message: string,
  fieldErrors?: FieldErrors,
  details?: Record<string, unknown>,
): Refusal => ({ ok: false, outcome: "refused", code, message, fieldErrors, details });

/**
 * The one wrapper for server actions: it checks the session (a page's check does not protect
 * the actions defined in it), the rights and the Idempotency-Key the operation's row asks for,
 * and the input against its schema; it turns service refusals into messages by `error` code with
 * field errors, reports an uncertain outcome as such, and writes every attempted change to the
 * audit log under the operation it performs.
 */
export function defineAction<Id extends OperationId, S extends z.ZodType, T>(
  config: ActionConfig<Id, S, T>,
) {
  const op: OperationDefinition = OPERATIONS[config.operation];
  const audited = isAudited(op);
  return async (rawInput: z.input<S> & KeyInput<Id>): Promise<ActionResult<T>> => {
    const signedIn = await actionSession();
    const t = await serverWords("forms.actions");
    if ("refused" in signedIn) {
      const expired = signedIn.refused === "expired";
      return refusal(
        expired ? "session_expired" : "unauthenticated",
        expired ? t("expired") : t("signInFirst"),
      );
    }
    const parsed = config.input.safeParse(rawInput, { error: humanIssue });
    const sentKey = (rawInput as { idempotencyKey?: unknown } | null)?.idempotencyKey;
    const keyIssue =
      op.idempotency === "rejected" || (sentKey === undefined && op.idempotency === "optional")
        ? undefined
        : typeof sentKey !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(sentKey)
          ? t("lostKey")
          : undefined;
    if (!parsed.success || keyIssue) {
      return refusal("invalid_input", t("invalid"), {
        ...(parsed.success ? {} : fieldErrorsOf(parsed.error.issues)),
        ...(keyIssue ? { form: keyIssue } : {}),
      });
    }
    const input = parsed.data;
    const idempotencyKey = typeof sentKey === "string" ? sentKey : undefined;
    const audit = async (
      outcome: "success" | "failure" | "unknown",
      errorCode?: string,
      detail?: Record<string, unknown>,
    ) => {
      if (!audited) return;
      await recordAuditOrLog({
        session: signedIn.session,
        clientId: signedIn.session.clientId,
        operationId: config.operation,
        target: config.target?.(input),
        outcome,
        errorCode,
        idempotencyKey: idempotencyKey ?? null,
        detail,
      });
    };

    if (op.masterOnly && !signedIn.session.isMaster) {
      await audit("failure", "forbidden");
      return refusal("forbidden", t("masterOnly"));
    }
    const byRole = await roleRefusalIn(signedIn.session, config.operation);
    if (byRole) {
      await audit("failure", "role_forbidden");
      return refusal("role_forbidden", byRole);
    }

    const dangerous =
      typeof config.stepUp === "function" ? config.stepUp(input) : config.stepUp === true;
    if (dangerous && needsStepUp(signedIn.session))
      return refusal(STEP_UP_REQUIRED.code, (await serverWords("people.stepUp"))("required"));

    const before = config.before
      ? await config.before(input, signedIn).catch(() => undefined)
      : undefined;
    let replayed = false;
    const call: ActionContext<Id>["call"] = async (operationInput, options) => {
      const perform = signedIn.api[config.operation] as (
        input: OperationInput<Id>,
        options?: { idempotencyKey?: string },
      ) => Promise<ServiceResponse<Id>>;
      const response = await perform(operationInput, {
        idempotencyKey: options?.idempotencyKey ?? idempotencyKey,
      });
      replayed ||= response.metadata.idempotentReplay;
      return response;
    };
    try {
      const data = await config.run(input, { ...signedIn, call });
      const after = config.after?.(data, input);
      const detail = {
        ...(before ? { before } : {}),
        ...(after ? { after } : {}),
        ...(replayed ? { replayed: true } : {}),
      };
      await audit("success", undefined, Object.keys(detail).length ? detail : undefined);
      return { ok: true, data, replayed };
    } catch (error) {
      unstable_rethrow(error);
      const unchanged = before ? { before } : undefined;
      if (error instanceof ActionRefusal) {
        await audit("failure", error.code, unchanged);
        return refusal(error.code, error.message, error.fieldErrors, error.details);
      }
      if (error instanceof ServiceError) {
        await audit("failure", error.code, unchanged);
        const bodyIssues = error.issues.filter(
          (i) => i.location === "body" || i.location === "query",
        );
        const codes = await serverWords("codes");
        const fields = { ...fieldOfCode(error.code, codes), ...fieldErrorsOf(bodyIssues) };
        return refusal(
          error.code,
          messageForCode(error.code, error.retryAfterSeconds, error.message, codes),
          Object.keys(fields).length ? fields : undefined,
          detailsOf(error.body),
        );
      }
      if (error instanceof OutcomeUnknownError) {
        await audit("unknown", `outcome_unknown_${error.reason}`, unchanged);
        return {
          ok: false,
          outcome: "unknown",
          code: "outcome_unknown",
          message: t("unknown"),
        };
      }
      if (error instanceof ServiceUnreachableError) {
        await audit("failure", "service_unreachable");
        return refusal("service_unreachable", t("unreachable"));
      }
      if (error instanceof InvalidInputError) {
        return refusal("invalid_input", t("invalid"), fieldErrorsOf(error.issues));
      }
      consoleLog().error("server action failed", { operation: config.operation, error });
      await audit("failure", "console_error");
      return refusal("console_error", t("consoleError"));
    }
  };
}
