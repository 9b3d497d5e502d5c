"use server";

import { revalidatePath } from "next/cache";
import { type ActionResult, done, refused } from "@/lib/actions/action-result";
import { actionSession } from "@/lib/auth/guards";
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { markSteppedUp, switchSessionOrganization } from "@/lib/auth/session";
import { deviceInWords, requestOrigin } from "@/lib/http/request-origin";
import { ceremonyResponse, passkeyName } from "@/lib/people/passkey-input";
import { finishRegistration, registrationOptions, removePasskey } from "@/lib/people/passkeys";
import { organizationsOf } from "@/lib/people/organizations";
import { endPersonSession } from "@/lib/people/people";
import { recordAuditOrLog } from "@/lib/store/audit-log";

/** A person's own session, on this device or another: it ends on its next request. */
export async function endOwnSessionAction(input: { id: string }): Promise<ActionResult<null>> {
  const signed = await actionSession();
  if ("refused" in signed) return refused(signed.refused, "Sign in again.");
  const { actor } = signed.session;
  if (actor.kind !== "person") return refused("not_a_person", "Sign in as yourself first.");
  if (typeof input?.id !== "string" || !/^[0-9a-f]{64}$/.test(input.id))
    return refused("invalid_input", "This session is not known.");
  await endPersonSession(actor.personId, input.id);
  revalidatePath("/account");
  return done(null);
}

/** Moves the session to another organization the person belongs to; every page says which is active. */
export async function switchOrganizationAction(input: {
  organizationId: string;
}): Promise<ActionResult<null>> {
  const signed = await actionSession();
  if ("refused" in signed) return refused(signed.refused, "Sign in again.");
  const { session } = signed;
  if (session.actor.kind !== "person") return refused("not_a_person", "Sign in as yourself first.");
  const target = (await organizationsOf(session.actor.personId)).find(
    (o) => o.id === input?.organizationId,
  );
  if (!target) return refused("not_a_member", "You do not belong to this organization.");
  await switchSessionOrganization(session.idHash, {
    organizationId: target.id,
    clientId: target.clientId,
    isMaster: target.isMaster,
    environment: target.environment as "production" | "sandbox" | "unknown",
    accountLabel: target.name,
  });
  await recordAuditOrLog({
    session: { ...session, organizationId: target.id, role: target.role },
    clientId: target.clientId,
    operationId: "console.switchOrganization",
    outcome: "success",
  });
  revalidatePath("/", "layout");
  return done(null);
}

async function signedInPerson() {
  const signed = await actionSession();
  if ("refused" in signed) return refused(signed.refused, "Sign in again.");
  const { session } = signed;
  if (session.actor.kind !== "person") return refused("not_a_person", "Sign in as yourself first.");
  return { session, actor: session.actor };
}

/** The challenge to add a passkey to the signed-in person's sign-in. */
export async function addPasskeyOptionsAction(): Promise<
  ActionResult<{ ceremony: string; options: PublicKeyCredentialCreationOptionsJSON }>
> {
  const me = await signedInPerson();
  if ("ok" in me) return me;
  const { actor } = me;
  return done(
    await registrationOptions(
      { id: actor.personId, email: actor.email, name: actor.name },
      "register",
      {},
    ),
  );
}

export async function addPasskeyAction(input: unknown): Promise<ActionResult<null>> {
  const me = await signedInPerson();
  if ("ok" in me) return me;
  const parsed = ceremonyResponse.extend({ name: passkeyName }).safeParse(input);
  if (!parsed.success) return refused("invalid_input", "The passkey's answer could not be read.");
  const state = await finishRegistration(
    parsed.data.ceremony,
    "register",
    parsed.data.response as unknown as RegistrationResponseJSON,
    parsed.data.name || deviceInWords((await requestOrigin()).device),
  );
  if (!state || state.personId !== me.actor.personId)
    return refused("passkey_refused", "The passkey could not be added. Try again.");
  await markSteppedUp(me.session.idHash);
  revalidatePath("/account");
  return done(null);
}

export async function removePasskeyAction(input: { id: string }): Promise<ActionResult<null>> {
  const me = await signedInPerson();
  if ("ok" in me) return me;
  if (typeof input?.id !== "string" || input.id.length > 1_024)
    return refused("invalid_input", "This passkey is not known.");
  await removePasskey(me.actor.personId, input.id);
  revalidatePath("/account");
  return done(null);
}
