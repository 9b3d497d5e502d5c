"use server";

import { type ConsoleEvent } from "@/lib/audit-labels";
import { z } from "zod";
import { type ActionResult, done, refused } from "@/lib/actions/action-result";
import { asConsoleDuty } from "@/lib/actions/console-duty";
import {
  type ClockView,
  FAULT_EFFECT_KINDS,
  FAULT_RULE_BOUNDS,
  faultRuleInput,
  type FaultRuleInput,
  type FaultRuleView,
  JOB_FAILURE_CODE,
} from "@/lib/api/contract/sandbox-controls";
import {
  SandboxControlsError,
  SandboxOutcomeUnknownError,
} from "@/lib/api/sandbox-controls-client";
import { type SignedIn } from "@/lib/auth/guards";
import { fieldError } from "@/lib/validation/field-error";
import { targetOf } from "./_lib/clock-preview";

/**
 * The Sandbox page's changes. The controls are not operations of the interface, so these run as
 * a console duty (its refusals audited): a Master only, as the service itself requires. A change
 * whose answer never came is reported, and audited, as of unknown outcome.
 */

async function asMaster<T>(
  event: ConsoleEvent,
  target: string | undefined | ((signed: SignedIn) => string),
  run: (signed: SignedIn) => Promise<T>,
): Promise<ActionResult<T>> {
  return asConsoleDuty(
    {
      duty: "useSandboxControls",
      event,
      target,
      page: "/sandbox",
      refuse: ({ session }) =>
        session.isMaster
          ? undefined
          : refused("master_client_required", fieldError("sandboxMasterOnly")),
    },
    async (signed) => {
      try {
        return done(await run(signed));
      } catch (error) {
        if (error instanceof SandboxOutcomeUnknownError)
          return { ok: false, outcome: "unknown", code: "outcome_unknown", message: error.message };
        if (!(error instanceof SandboxControlsError)) throw error;
        return refused(error.code, error.message, error.fieldErrors);
      }
    },
  );
}

const clockMove = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("day") }),
  z.object({ kind: z.literal("next-month") }),
  z.object({ kind: z.literal("date"), to: z.string().min(1, fieldError("chooseDateTime")) }),
]);

/**
 * What a person typed is checked after the duty: a refusal for the role comes first, audited.
 * Its words are field errors (`fieldError`), worded in the reader's language where shown.
 */
const invalid = (message: string, fieldErrors: Record<string, string> = {}) =>
  new SandboxControlsError("invalid_request", message, fieldErrors);

export async function advanceClockAction(input: unknown): Promise<ActionResult<ClockView>> {
  const parsed = clockMove.safeParse(input);
  const kind = parsed.success ? parsed.data.kind : undefined;
  return asMaster("console.sandbox.advanceClock", kind, async ({ sandbox }) => {
    if (!parsed.success)
      throw invalid(fieldError("chooseDateTime"), { to: fieldError("chooseDateTime") });
    const clock = await sandbox.clock();
    const to = targetOf(parsed.data, new Date(clock.now));
    if (!to) throw invalid(fieldError("notADate"), { to: fieldError("notADate") });
    return sandbox.advanceClock({ to: to.toISOString() });
  });
}

/** The form's fields, as typed: numbers arrive as text and are checked here, next to their field. */
const asTyped = z.string().optional();
/** The ids the controls give fault rules (`fr_…`), in the characters a path segment keeps. */
const FAULT_RULE_ID = /^[A-Za-z0-9_-]{1,64}$/;

const faultRuleForm = z.object({
  // The contract's bound; a refusal says "Choose an operation" (below).
  operationId: faultRuleInput.shape.operationId,
  kind: z.enum(FAULT_EFFECT_KINDS),
  code: asTyped,
  jobCode: asTyped,
  jobMessage: asTyped,
  ms: asTyped,
  retryAfterSeconds: asTyped,
  times: asTyped,
  probability: asTyped,
});
export type FaultRuleForm = z.input<typeof faultRuleForm>;

function wholeNumber(text: string | undefined, { min, max }: { min: number; max: number }) {
  if (!text?.trim()) return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : NaN;
}

export async function addFaultRuleAction(
  input: FaultRuleForm,
): Promise<ActionResult<FaultRuleView>> {
  const parsed = faultRuleForm.safeParse(input);
  const typedOperation = typeof input?.operationId === "string" ? input.operationId : undefined;
  const result = await asMaster("console.sandbox.addFaultRule", typedOperation, ({ sandbox }) => {
    if (!parsed.success)
      throw invalid(fieldError("formIncomplete"), { operationId: fieldError("chooseOperation") });
    return sandbox.addFaultRule(faultRuleOf(parsed.data));
  });
  if (result.ok || !result.fieldErrors) return result;
  const kind = parsed.success ? parsed.data.kind : undefined;
  // The service names the body's fields; the form names its own.
  const renamed: Record<string, string> = {};
  for (const [path, message] of Object.entries(result.fieldErrors))
    renamed[
      path === "effect.code"
        ? kind === "job_failure"
          ? "jobCode"
          : "code"
        : (FIELD_OF_PATH[path] ?? path)
    ] = message;
  return { ...result, fieldErrors: renamed };
}

/** The service's body for a rule as the form typed it; what does not hold is refused by field. */
function faultRuleOf(f: z.output<typeof faultRuleForm>): FaultRuleInput {
  const errors: Record<string, string> = {};
  const ms = wholeNumber(f.ms, FAULT_RULE_BOUNDS.latencyMs);
  const retryAfter = wholeNumber(f.retryAfterSeconds, FAULT_RULE_BOUNDS.retryAfterSeconds);
  const times = wholeNumber(f.times, FAULT_RULE_BOUNDS.times);
  const probability = f.probability?.trim() ? Number(f.probability) : undefined;
  if (f.kind === "latency" && (ms === undefined || Number.isNaN(ms)))
    errors.ms = fieldError("wholeMilliseconds", FAULT_RULE_BOUNDS.latencyMs);
  if (f.kind === "job_failure" && !JOB_FAILURE_CODE.test(f.jobCode ?? ""))
    errors.jobCode = fieldError("jobCodeForm");
  if (f.kind === "job_failure" && !f.jobMessage?.trim())
    errors.jobMessage = fieldError("jobMessageMissing");
  if (f.kind === "error" && !f.code) errors.code = fieldError("chooseDocumentedError");
  if (Number.isNaN(retryAfter))
    errors.retryAfterSeconds = fieldError("wholeSeconds", FAULT_RULE_BOUNDS.retryAfterSeconds);
  if (Number.isNaN(times)) errors.times = fieldError("wholeTimes", FAULT_RULE_BOUNDS.times);
  if (probability !== undefined && !(probability > 0 && probability <= 1))
    errors.probability = fieldError("probabilityRange");
  if (Object.keys(errors).length) throw invalid(fieldError("checkMarked"), errors);
  const effect =
    f.kind === "error"
      ? {
          kind: "error" as const,
          code: f.code!,
          ...(retryAfter ? { retryAfterSeconds: retryAfter } : {}),
        }
      : f.kind === "latency"
        ? { kind: "latency" as const, ms: ms! }
        : f.kind === "job_failure"
          ? { kind: "job_failure" as const, code: f.jobCode!, message: f.jobMessage!.trim() }
          : { kind: f.kind };
  return {
    operationId: f.operationId,
    effect,
    ...(times ? { times } : {}),
    ...(probability !== undefined ? { probability } : {}),
  };
}

/** The service's body paths, as the form's field names. */
const FIELD_OF_PATH: Record<string, string> = {
  "effect.ms": "ms",
  "effect.kind": "kind",
  "effect.retryAfterSeconds": "retryAfterSeconds",
  "effect.message": "jobMessage",
};

export async function removeFaultRuleAction(ruleId: string): Promise<ActionResult<null>> {
  const named = typeof ruleId === "string" ? ruleId : undefined;
  return asMaster("console.sandbox.removeFaultRule", named, async ({ sandbox }) => {
    // A rule's id travels in the controls' path: only the characters an id has (never "..").
    if (!named || !FAULT_RULE_ID.test(named)) throw invalid(fieldError("noRuleNamed"));
    await sandbox.removeFaultRule(named);
    return null;
  });
}

/**
 * Resets the signed-in Master's family to its seeded state, once its id was typed to confirm: a
 * session without the duty is refused as such first, whatever was typed.
 */
export async function resetMasterAction(input: {
  typed: string;
}): Promise<ActionResult<{ restored: Record<string, number> }>> {
  const typed = typeof input?.typed === "string" ? input.typed.trim() : "";
  return asMaster(
    "console.sandbox.resetMaster",
    ({ session }) => session.clientId,
    async ({ session, sandbox }) => {
      if (typed !== session.clientId)
        throw new SandboxControlsError("invalid_request", fieldError("typeMasterId"), {
          typed: fieldError("typeToConfirm", { id: session.clientId }),
        });
      const preview = await sandbox.resetPreview();
      const reset = await sandbox.reset(preview.confirmationToken);
      return { restored: reset.restored };
    },
  );
}
