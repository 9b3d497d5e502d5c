"use server";

import { revalidatePath } from "next/cache";
import { type ActionResult, done, refused } from "@/lib/actions/action-result";
import { actionSession } from "@/lib/auth/guards";
import { switchSessionOrganization } from "@/lib/auth/session";
import { consoleLog } from "@/lib/log/console-log";
import { organizationsOf } from "@/lib/people/organizations";
import { endPersonSession } from "@/lib/people/people";
import { recordAudit } from "@/lib/store/audit-log";

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
  await recordAudit({
    session: { ...session, organizationId: target.id, role: target.role },
    clientId: target.clientId,
    operationId: "console.switchOrganization",
    outcome: "success",
  }).catch((error: unknown) => consoleLog().error("audit write failed", { error }));
  revalidatePath("/", "layout");
  return done(null);
}
