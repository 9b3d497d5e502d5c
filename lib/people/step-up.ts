import "server-only";
import { type ConsoleSession, markSteppedUp } from "@/lib/auth/session";
import { claimTotpCode } from "./people";

/** A person confirms a dangerous action with a second factor or passkey at most this long after the last time. */
export const STEP_UP_SECONDS = 5 * 60;

/**
 * Whether a session must confirm before a dangerous action (issuing or revealing a key,
 * deactivating a Sub-user, revoking a grant, replacing the stored key): a person who has not
 * confirmed in the last five minutes. A key holder holds the key already.
 */
export function needsStepUp(session: ConsoleSession, now = Date.now()): boolean {
  if (session.actor.kind !== "person") return false;
  return !session.steppedUpAt || now - session.steppedUpAt.getTime() > STEP_UP_SECONDS * 1000;
}

/** Confirms a session with a code from the person's authenticator; false when the code is not right. */
export async function stepUpWithCode(session: ConsoleSession, code: string): Promise<boolean> {
  if (session.actor.kind !== "person") return true;
  if (!(await claimTotpCode(session.actor.personId, code))) return false;
  await markSteppedUp(session.idHash);
  return true;
}

export const STEP_UP_REQUIRED = {
  code: "step_up_required",
  message: "Confirm it is you: enter a code from your authenticator app.",
} as const;
