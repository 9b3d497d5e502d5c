import "server-only";
import { revalidatePath } from "next/cache";
import { type ActionResult, refused } from "@/lib/actions/action-result";
import { type ConsoleEvent } from "@/lib/audit-labels";
import { actionSession, type SignedIn } from "@/lib/auth/guards";
import { dutyRefusal } from "@/lib/auth/rights";
import { type ConsoleDuty } from "@/lib/auth/roles";
import { type NavHref } from "@/lib/navigation";
import { recordAuditOrLog } from "@/lib/store/audit-log";

/**
 * A console action that is not an operation of the service (the organization's people and
 * settings, the sandbox controls), as `defineAction` is for the service's operations: it checks
 * the session's duty itself, runs, and audits the outcome with the person who acted. A refusal
 * is audited too, so a denied attempt leaves its line; an audit write that fails is logged,
 * never turned into the failure of a change already made. After a success `page` is read again.
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
    target: string | undefined;
    page: NavHref;
    /** A refusal beyond the session's role (the sandbox controls are for Master clients). */
    refuse?: (signed: SignedIn) => ReturnType<typeof refused> | undefined;
  },
  run: (signed: SignedIn) => Promise<ActionResult<T>>,
): Promise<ActionResult<T>> {
  const signed = await actionSession();
  // Nobody to name in the audit log: the session is gone.
  if ("refused" in signed) return refused(signed.refused, "Sign in again.");
  const byRole = dutyRefusal(signed.session, duty);
  const result =
    refuse?.(signed) ?? (byRole ? refused("role_forbidden", byRole) : await run(signed));
  await recordAuditOrLog({
    session: signed.session,
    clientId: signed.session.clientId,
    operationId: event,
    target,
    outcome: result.ok ? "success" : "failure",
    errorCode: result.ok ? null : result.code,
  });
  if (result.ok) revalidatePath(page);
  return result;
}
