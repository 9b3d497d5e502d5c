import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { type OperationId, OPERATIONS } from "@/lib/api/contract/operations";
import { dutyRefusal, roleRefusal, type Rights } from "@/lib/auth/rights";
import { type ConsoleDuty } from "@/lib/auth/roles";
import { MasterOnly } from "./master-only";

/**
 * What a page says at an address the navigation does not offer this session: a Master's page
 * to a Sub-user, or a page the person's role does not allow, naming the roles that could.
 */
export function NotOffered({
  session,
  operation,
  duty,
}: {
  session: Rights;
  operation?: OperationId;
  duty?: ConsoleDuty;
}) {
  if (operation && OPERATIONS[operation].masterOnly && !session.isMaster) return <MasterOnly />;
  const why =
    (operation ? roleRefusal(session, operation) : undefined) ??
    (duty ? dutyRefusal(session, duty) : undefined);
  return (
    <Alert tone="warning" title="Not open to your role">
      {why ?? "This page is not open to you."}{" "}
      <Link href="/" className="underline">
        Back to the overview
      </Link>
    </Alert>
  );
}
