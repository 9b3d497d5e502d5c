import "server-only";
import { consoleLog } from "@/lib/log/console-log";
import { organizationsOf } from "./organizations";
import { personById } from "./people";
import { recordPersonAudit } from "./person-audit";

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
