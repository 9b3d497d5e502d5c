import "server-only";
import { type ActionResult, refused } from "@/lib/actions/action-result";
import { startSession } from "@/lib/auth/session";
import { requestOrigin } from "@/lib/http/request-origin";
import { type Organization, organizationsOf } from "./organizations";
import { recordPersonAudit } from "./person-audit";

/**
 * Starts a person's console session in one of their organizations; `bySingleSignOn`: that
 * organization's identity provider signed them in (a step-up there, and nowhere else).
 */
export async function startSessionIn(
  org: Organization,
  personId: string,
  steppedUp: boolean,
  bySingleSignOn = false,
) {
  await startSession(
    {
      clientId: org.clientId,
      isMaster: org.isMaster,
      environment: org.environment as "production" | "sandbox" | "unknown",
      accountLabel: org.name,
      organizationId: org.id,
      personId,
      steppedUp,
      bySingleSignOn,
    },
    await requestOrigin(),
  );
}

/**
 * Signs a person in to an organization they belong to: the one named (and no other), or their
 * first (they may switch later); the sign-in is recorded in each of their organizations.
 */
export async function startPersonSession(
  person: { id: string; email: string },
  steppedUp: boolean,
  how: string,
  only?: { organizationId: string; bySingleSignOn?: boolean },
): Promise<ActionResult<never> | undefined> {
  const orgs = await organizationsOf(person.id);
  const first = only ? orgs.find((o) => o.id === only.organizationId) : orgs[0];
  if (!first)
    return refused(
      "no_organization",
      "Your sign-in belongs to no organization now: ask an admin to invite you again.",
    );
  await startSessionIn(first, person.id, steppedUp, only?.bySingleSignOn);
  for (const org of orgs)
    await recordPersonAudit(person, org, {
      operationId: "console.signIn",
      outcome: "success",
      detail: { after: { with: how } },
    });
  return undefined;
}
