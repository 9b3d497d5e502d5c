import "server-only";
import { type ConsoleSession } from "@/lib/auth/session";
import { consoleLog } from "@/lib/log/console-log";
import { recordAuditOrLog } from "@/lib/store/audit-log";
import { organizationsOf } from "./organizations";
import { personById } from "./people";
import { recordPersonAudit } from "./person-audit";

/**
 * The audit entries of a session's start and end, where there is no session to act with yet (a
 * sign-in) or no longer (a sign-out): the console's sign-in pages write them through here, never
 * by hand. A failed write is logged, never shown: the sign-in or sign-out itself has happened.
 */

/**
 * A sign-in with the Client's API key, in the organization's log: refused (key sign-in is off
 * there) or done, with what signed in.
 */
export async function recordKeySignIn(
  where: { clientId: string; organizationId: string },
  outcome:
    | { outcome: "failure"; errorCode: string }
    | { outcome: "success"; detail: Record<string, unknown> },
): Promise<void> {
  await recordAuditOrLog({
    clientId: where.clientId,
    organizationId: where.organizationId,
    actorLabel: "API key",
    operationId: "console.signIn",
    ...outcome,
  });
}

/** A session that ended at its holder's request, in its organization's log. */
export async function recordSignOut(session: ConsoleSession): Promise<void> {
  await recordAuditOrLog({
    session,
    clientId: session.clientId,
    operationId: "console.signOut",
    outcome: "success",
  });
}

/**
 * A refused sign-in of a known person, written to the audit log of every organization they
 * belong to (an address without an account has no organization to tell, and the refusal the
 * browser sees is the same either way). A failed write is logged, never shown.
 */
export async function recordRefusedSignIn(
  personId: string,
  errorCode: "password_wrong" | "code_wrong" | "passkey_wrong",
): Promise<void> {
  try {
    const person = await personById(personId);
    if (!person) return;
    for (const org of await organizationsOf(personId))
      await recordPersonAudit(person, org, {
        operationId: "console.signIn",
        outcome: "failure",
        errorCode,
      });
  } catch (error) {
    consoleLog().error("audit write failed", { error });
  }
}
