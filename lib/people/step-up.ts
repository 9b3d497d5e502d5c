import "server-only";
import { type AuthenticationResponseJSON } from "@simplewebauthn/server";
import { endSessionById, type ConsoleSession, markSteppedUp } from "@/lib/auth/session";
import { requestOrigin } from "@/lib/http/request-origin";
import { recordAuditOrLog } from "@/lib/store/audit-log";
import { finishAuthentication } from "./passkeys";
import { claimTotpCode } from "./people";
import { attempt, BOUNDS, failuresOf } from "./sign-in-throttle";

/** A person confirms a dangerous action with a second factor or passkey at most this long after the last time. */
export const STEP_UP_SECONDS = 5 * 60;

/**
 * Whether a session must confirm before a dangerous action (issuing or revealing a key,
 * deactivating a Sub-user, revoking a grant, replacing the stored key, changing who may sign
 * in): a person who has not confirmed in this organization in the last five minutes. A key
 * holder holds the key already.
 */
export function needsStepUp(session: ConsoleSession, now = Date.now()): boolean {
  if (session.actor.kind !== "person") return false;
  return !session.steppedUpAt || now - session.steppedUpAt.getTime() > STEP_UP_SECONDS * 1000;
}

/** The refusal's code; its words are `people.stepUp.required`, in the reader's language. */
export const STEP_UP_REQUIRED = { code: "step_up_required" } as const;

/** A confirmation's outcome, by its code: the action words it in the reader's language. */
export type StepUpOutcome =
  | { ok: true }
  | { ok: false; code: "wrong" }
  | { ok: false; code: "session_ended" }
  | { ok: false; code: "too_many_attempts"; waitSeconds: number };

/**
 * A confirmation, counted per person in the shared store: wrong ones are recorded in the audit
 * log, and past the bound they are refused with the time to wait; a session that reaches the
 * bound, or is told to wait, ends (whoever holds it must sign in again, with the person's own
 * factors).
 */
async function confirm(
  session: ConsoleSession & { actor: { kind: "person" } },
  check: () => Promise<boolean>,
): Promise<StepUpOutcome> {
  const who = { surface: "step_up" as const, account: session.actor.personId };
  const source = (await requestOrigin()).sourceAddress ?? "unknown";
  const checked = await attempt({ ...who, source }, async () =>
    (await check()) ? true : undefined,
  );
  if (checked.kind === "right") {
    await markSteppedUp(session.idHash);
    return { ok: true };
  }
  const audit = (errorCode: string) =>
    recordAuditOrLog({
      session,
      clientId: session.clientId,
      operationId: "console.stepUp",
      outcome: "failure",
      errorCode,
    });
  if (checked.kind === "wait") {
    await audit("too_many_attempts");
    await endSessionById(session.idHash);
    await audit("session_ended");
    return { ok: false, code: "too_many_attempts", waitSeconds: checked.waitSeconds };
  }
  await audit("step_up_wrong");
  if ((await failuresOf(who)) >= BOUNDS.stepUp.account) {
    await endSessionById(session.idHash);
    await audit("session_ended");
    return { ok: false, code: "session_ended" };
  }
  return { ok: false, code: "wrong" };
}

const isPerson = (
  session: ConsoleSession,
): session is ConsoleSession & { actor: { kind: "person" } } => session.actor.kind === "person";

/** Confirms a session with a code from the person's authenticator. */
export async function stepUpWithCode(
  session: ConsoleSession,
  code: string,
): Promise<StepUpOutcome> {
  if (!isPerson(session)) return { ok: true };
  return confirm(session, () => claimTotpCode(session.actor.personId, code));
}

/** Confirms a session with one of the person's passkeys. */
export async function stepUpWithPasskey(
  session: ConsoleSession,
  ceremony: string,
  response: AuthenticationResponseJSON,
): Promise<StepUpOutcome> {
  if (!isPerson(session)) return { ok: true };
  return confirm(session, async () => {
    const assertion = await finishAuthentication(ceremony, "step-up", response);
    return assertion.verified && assertion.personId === session.actor.personId;
  });
}
