import "server-only";
import { unstable_rethrow } from "next/navigation";
import { type z } from "zod";
import { type ServiceMetadata } from "@/lib/api/contract/headers";
import { type OperationId } from "@/lib/api/contract/operations";
import {
  InvalidInputError,
  OutcomeUnknownError,
  ServiceError,
  ServiceUnreachableError,
} from "@/lib/api/client";
import { recordAudit } from "@/lib/audit/audit-log";
import { actionSession, type SignedIn } from "@/lib/auth/guards";
import { messageForCode } from "@/lib/errors/user-messages";
import { consoleLog } from "@/lib/log/console-log";
import { type ActionResult, type FieldErrors } from "./action-result";

export interface ActionContext extends SignedIn {
  /** Pass the metadata of the service's answer, so a replay is reported as such. */
  noteResponse(metadata: ServiceMetadata): void;
}

interface ActionConfig<S extends z.ZodType, T> {
  input: S;
  masterOnly?: boolean;
  /** Mutating actions name the operation they perform; each attempt is written to the audit log. */
  audit?: { operationId: OperationId; target?: (input: z.output<S>) => string | undefined };
  run: (input: z.output<S>, ctx: ActionContext) => Promise<T>;
}

function fieldErrorsOf(issues: { path: PropertyKey[] | string; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const path = Array.isArray(issue.path) ? issue.path.map(String).join(".") : issue.path;
    out[path || "form"] ??= issue.message;
  }
  return out;
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

/**
 * The one wrapper for server actions: it checks the session (a page's check does not protect
 * the actions defined in it), the Master role where required, and the input against its
 * schema; it turns service refusals into messages by `error` code with field errors, reports
 * an uncertain outcome as such, and writes every attempted mutation to the audit log.
 */
export function defineAction<S extends z.ZodType, T>(config: ActionConfig<S, T>) {
  return async (rawInput: z.input<S>): Promise<ActionResult<T>> => {
    const signedIn = await actionSession();
    if ("refused" in signedIn) {
      const expired = signedIn.refused === "expired";
      return {
        ok: false,
        outcome: "refused",
        code: expired ? "session_expired" : "unauthenticated",
        message: expired ? "Your session has expired. Sign in again." : "Sign in first.",
      };
    }
    const parsed = config.input.safeParse(rawInput);
    if (!parsed.success) {
      return {
        ok: false,
        outcome: "refused",
        code: "invalid_input",
        message: "Some values are not valid.",
        fieldErrors: fieldErrorsOf(parsed.error.issues),
      };
    }
    const input = parsed.data;
    const idempotencyKey = (input as { idempotencyKey?: unknown }).idempotencyKey;
    const audit = async (
      outcome: "success" | "failure" | "unknown",
      errorCode?: string,
      detail?: Record<string, unknown>,
    ) => {
      if (!config.audit) return;
      await recordAudit({
        clientId: signedIn.session.clientId,
        operationId: config.audit.operationId,
        target: config.audit.target?.(input),
        outcome,
        errorCode,
        idempotencyKey: typeof idempotencyKey === "string" ? idempotencyKey : null,
        detail,
      }).catch((error: unknown) => consoleLog().error("audit write failed", { error }));
    };

    if (config.masterOnly && !signedIn.session.isMaster) {
      await audit("failure", "forbidden");
      return {
        ok: false,
        outcome: "refused",
        code: "forbidden",
        message: "Only a Master client may do this.",
      };
    }

    let replayed = false;
    try {
      const data = await config.run(input, {
        ...signedIn,
        noteResponse: (metadata) => {
          replayed ||= metadata.idempotentReplay;
        },
      });
      await audit("success", undefined, replayed ? { replayed: true } : undefined);
      return { ok: true, data, replayed };
    } catch (error) {
      unstable_rethrow(error);
      if (error instanceof ActionRefusal) {
        await audit("failure", error.code);
        return {
          ok: false,
          outcome: "refused",
          code: error.code,
          message: error.message,
          fieldErrors: error.fieldErrors,
          details: error.details,
        };
      }
      if (error instanceof ServiceError) {
        await audit("failure", error.code);
        const bodyIssues = error.issues.filter(
          (i) => i.location === "body" || i.location === "query",
        );
        return {
          ok: false,
          outcome: "refused",
          code: error.code,
          message: messageForCode(error.code, error.retryAfterSeconds, error.message),
          fieldErrors: bodyIssues.length ? fieldErrorsOf(bodyIssues) : undefined,
          details: detailsOf(error.body),
        };
      }
      if (error instanceof OutcomeUnknownError) {
        await audit("unknown", `outcome_unknown_${error.reason}`);
        return {
          ok: false,
          outcome: "unknown",
          code: "outcome_unknown",
          message: "The service did not confirm whether this was done. It was not sent again.",
        };
      }
      if (error instanceof ServiceUnreachableError) {
        await audit("failure", "service_unreachable");
        return {
          ok: false,
          outcome: "refused",
          code: "service_unreachable",
          message: "The service could not be reached. Nothing was changed; try again.",
        };
      }
      if (error instanceof InvalidInputError) {
        return {
          ok: false,
          outcome: "refused",
          code: "invalid_input",
          message: "Some values are not valid.",
          fieldErrors: fieldErrorsOf(error.issues),
        };
      }
      consoleLog().error("server action failed", { operation: config.audit?.operationId, error });
      await audit("failure", "console_error");
      return {
        ok: false,
        outcome: "refused",
        code: "console_error",
        message: "Something went wrong in the console. Nothing was sent again.",
      };
    }
  };
}
