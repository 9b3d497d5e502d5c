import "server-only";
import { revalidatePath } from "next/cache";
import { unstable_rethrow } from "next/navigation";
import { type ActionResult, refused } from "@/lib/actions/action-result";
import { type ConsoleEvent } from "@/lib/audit-labels";
import { actionSession, type SignedIn } from "@/lib/auth/guards";
import { dutyRefusalIn } from "@/lib/auth/refusal-words";
import { dutyRefusal } from "@/lib/auth/rights";
import { serverWords } from "./server-words";
import { type ConsoleDuty } from "@/lib/auth/roles";
import { type NavHref } from "@/lib/navigation";
import { consoleLog } from "@/lib/log/console-log";
import { recordAuditOrLog } from "@/lib/store/audit-log";

/** The characters of a request's target kept in the audit log. */
const AUDIT_TARGET_LIMIT = 200;

/**
 * A console action that is not an operation of the service (the organization's people and
 * settings, the sandbox controls), as `defineAction` is for the service's operations: it checks
 * the session's duty itself, runs, and audits the outcome with the person who acted. A refusal
 * is audited too, so a denied attempt leaves its line, and so is a failure thrown after the
 * change may have been made (as of unknown outcome); an audit write that fails is logged, never
 * turned into the failure of a change already made.
 */
export async function asConsoleDuty<T>(
  {
    duty,
    event,
    target,
    page,
    refuse,
  }: {
    duty: ConsoleDuty;
    event: ConsoleEvent;
    /** What the action acts on, for the audit log; read from the session where it is its own. */
    target: string | undefined | ((signed: SignedIn) => string | undefined);
    /** The page that shows what changed, read again after a success (none for a mere read). */
    page?: NavHref;
    /** A refusal beyond the session's role (the sandbox controls are for Master clients). */
    refuse?: (signed: SignedIn) => ReturnType<typeof refused> | undefined;
  },
  run: (signed: SignedIn) => Promise<ActionResult<T>>,
): Promise<ActionResult<T>> {
  const signed = await actionSession();
  const t = await serverWords("forms.actions");
  // Nobody to name in the audit log: the session is gone.
  if ("refused" in signed) return refused(signed.refused, t("signInAgain"));
  // The check is `dutyRefusal`'s; its sentence is worded in the request's language.
  const byRole = dutyRefusal(signed.session, duty) && (await dutyRefusalIn(signed.session, duty));
  let result: ActionResult<T>;
  try {
    result = refuse?.(signed) ?? (byRole ? refused("role_forbidden", byRole) : await run(signed));
  } catch (error) {
    unstable_rethrow(error);
    consoleLog().error("console action failed", { event, error });
    // It may have failed after its change was made (an answer that could not be read).
    result = {
      ok: false,
      outcome: "unknown",
      code: "console_error",
      message: t("dutyFailed"),
    };
  }
  const named = typeof target === "function" ? target(signed) : target;
  await recordAuditOrLog({
    session: signed.session,
    clientId: signed.session.clientId,
    operationId: event,
    // What the request named, bounded: a refused request cannot write a long line.
    target: named?.slice(0, AUDIT_TARGET_LIMIT),
    outcome: result.ok ? "success" : result.outcome === "unknown" ? "unknown" : "failure",
    errorCode: result.ok ? null : result.code,
  });
  if (result.ok && page) revalidatePath(page);
  return result;
}
