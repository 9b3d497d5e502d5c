import { randomUUID } from "node:crypto";
import { type NextRequest } from "next/server";
import { cleanRedirect } from "@/lib/http/clean-redirect";
import { consoleLog } from "@/lib/log/console-log";
import { addMember, findOrganization, roleOf } from "@/lib/people/organizations";
import { createPasskeyPerson, personByEmail } from "@/lib/people/people";
import { recordPersonAudit } from "@/lib/people/person-audit";
import { startPersonSession } from "@/lib/people/person-session";
import { callbackUrl, finishSignOn } from "@/lib/people/single-sign-on";

const REFUSED = {
  flow: "sso-expired",
  provider: "sso-refused",
  email: "sso-email",
  domain: "sso-domain",
} as const;

/**
 * The identity provider sends the person back here: the sign-on is finished (once), the person
 * found or made, a member with the organization's default role the first time, and signed in.
 */
export async function GET(request: NextRequest) {
  const back = new URL(callbackUrl());
  back.search = request.nextUrl.search;
  const result = await finishSignOn(back).catch((error: unknown) => {
    consoleLog().error("single sign-on failed", { error });
    return { ok: false as const, reason: "provider" as const };
  });
  if (!result.ok) return cleanRedirect(`/sign-in?reason=${REFUSED[result.reason]}`);
  const person =
    (await personByEmail(result.email)) ??
    (await createPasskeyPerson({ id: randomUUID(), email: result.email, name: result.name })) ??
    (await personByEmail(result.email));
  if (!person) return cleanRedirect("/sign-in?reason=sso-refused");
  const org = await findOrganization(result.organizationId);
  if (!org) return cleanRedirect("/sign-in?reason=sso-refused");
  if (!(await roleOf(org.id, person.id))) {
    await addMember(org.id, person.id, result.defaultRole);
    await recordPersonAudit(
      person,
      { ...org, role: result.defaultRole },
      { operationId: "console.joinBySingleSignOn", outcome: "success" },
    );
  }
  const problem = await startPersonSession(person, true, "single sign-on", result.organizationId);
  return cleanRedirect(problem ? "/sign-in?reason=ended" : "/");
}
