import "server-only";
import { type AuditEntry, recordAuditOrLog } from "@/lib/store/audit-log";

/** Where a person acted: one of their organizations (its Client) and their role there. */
export interface Membership {
  id: string;
  clientId: string;
  role: string;
}

/**
 * An entry of the audit log for what a person did (or was refused) in one of their
 * organizations. A failed write is logged, never shown: the act itself has happened.
 */
export async function recordPersonAudit(
  person: { id: string; email: string },
  where: Membership,
  entry: Pick<AuditEntry, "operationId" | "outcome" | "errorCode" | "target" | "detail">,
): Promise<void> {
  await recordAuditOrLog({
    session: {
      organizationId: where.id,
      actor: { kind: "person", personId: person.id, email: person.email },
      role: where.role,
    },
    clientId: where.clientId,
    ...entry,
  });
}
