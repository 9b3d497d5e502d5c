import { randomUUID } from "node:crypto";
import { type NextRequest } from "next/server";
import { cleanRedirect } from "@/lib/http/clean-redirect";
import { consoleLog } from "@/lib/log/console-log";
import { addMember, findOrganization, roleOf, wasRemoved } from "@/lib/people/organizations";
import { createPasskeyPerson, personByEmail, personById } from "@/lib/people/people";
import { recordPersonAudit } from "@/lib/people/person-audit";
import { startPersonSession } from "@/lib/people/person-session";
import {
  callbackUrl,
  finishSignOn,
  holdForLink,
  linkIdentity,
  personOfIdentity,
  type VouchedIdentity,
} from "@/lib/people/single-sign-on";

const REFUSED = {
  flow: "sso-expired",
  browser: "sso-browser",
  provider: "sso-refused",
  email: "sso-email",
  domain: "sso-domain",
} as const;

/**
 * The person a provider's identity is: the one it was linked to, or, the first time, a new
 * person of that address. An address that signs in here already is not taken on the provider's
 * word: the link waits for that person's own sign-in (undefined here).
 */
async function personFor(identity: VouchedIdentity): Promise<string | undefined> {
  const linked = await personOfIdentity(identity);
  if (linked) return linked;
  const created = await createPasskeyPerson({
    id: randomUUID(),
    email: identity.email,
    name: identity.name,
  });
  const existing = created ? undefined : await personByEmail(identity.email);
  if (existing) {
    await holdForLink(identity, existing.id);
    return undefined;
  }
  return created ? linkIdentity(identity, created.id) : undefined;
}

/**
 * The identity provider sends the person back here: the sign-on is finished (once, in the
 * browser that began it), the person found by their identity in this organization, a member
 * with the organization's default role the first time, and signed in to this organization.
 */
export async function GET(request: NextRequest) {
  const back = new URL(callbackUrl());
  back.search = request.nextUrl.search;
  try {
    return await signOn(back);
  } catch (error) {
    // Logged through the redactor (the URL and what the provider said stay out of the line).
    consoleLog().error("single sign-on failed", { error });
    return cleanRedirect("/sign-in?reason=sso-refused");
  }
}

async function signOn(back: URL) {
  const result = await finishSignOn(back);
  if (!result.ok) return cleanRedirect(`/sign-in?reason=${REFUSED[result.reason]}`);
  const org = await findOrganization(result.organizationId);
  if (!org) return cleanRedirect("/sign-in?reason=sso-refused");
  const personId = await personFor(result);
  if (!personId) return cleanRedirect("/sso/link");
  const person = await personById(personId);
  if (!person) return cleanRedirect("/sign-in?reason=sso-refused");
  // Removed from this organization: its provider does not bring them back, an invitation does.
  if (await wasRemoved(org.id, person.id)) return cleanRedirect("/sign-in?reason=sso-removed");
  if (!(await roleOf(org.id, person.id))) {
    await addMember(org.id, person.id, result.defaultRole);
    await recordPersonAudit(
      person,
      { ...org, role: result.defaultRole },
      { operationId: "console.joinBySingleSignOn", outcome: "success" },
    );
  }
  const problem = await startPersonSession(person, true, "single sign-on", {
    organizationId: org.id,
    bySingleSignOn: true,
  });
  return cleanRedirect(problem ? "/sign-in?reason=ended" : "/");
}
