import "server-only";
import { type ActionResult, refused } from "@/lib/actions/action-result";
import { startSession } from "@/lib/auth/session";
import { requestOrigin } from "@/lib/http/request-origin";
import { consoleLog } from "@/lib/log/console-log";
import { recordAudit } from "@/lib/store/audit-log";
import { organizationsOf } from "./organizations";

/**
 * Starts a person's session in an organization they belong to: the one named, or the first
 * (they may switch later).
 */
export async function startPersonSession(
  person: { id: string; email: string },
  steppedUp: boolean,
  how: string,
  organizationId?: string,
): Promise<ActionResult<never> | undefined> {
  const orgs = await organizationsOf(person.id);
  const first = orgs.find((o) => o.id === organizationId) ?? orgs[0];
  if (!first)
    return refused(
      "no_organization",
      "Your sign-in belongs to no organization now: ask an admin to invite you again.",
    );
  await startSession(
    {
      clientId: first.clientId,
      isMaster: first.isMaster,
      environment: first.environment as "production" | "sandbox" | "unknown",
      accountLabel: first.name,
      organizationId: first.id,
      personId: person.id,
      steppedUp,
    },
    await requestOrigin(),
  );
  for (const org of orgs)
    await recordAudit({
      session: {
        organizationId: org.id,
        actor: { kind: "person", personId: person.id, email: person.email },
        role: org.role,
      },
      clientId: org.clientId,
      operationId: "console.signIn",
      outcome: "success",
      detail: { after: { with: how } },
    }).catch((error: unknown) => consoleLog().error("audit write failed", { error }));
  return undefined;
}
