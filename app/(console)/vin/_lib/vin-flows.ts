import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { firstRow } from "@/lib/db/first-row";
import { getStore } from "@/lib/store/db";
import { vinFlows } from "@/lib/store/schema";

/** How long a started flow's `state` stays acceptable (the service's session lives 15 minutes). */
export const FLOW_LIFETIME_MS = 20 * 60 * 1000;

const digest = (state: string) => createHash("sha256").update(state).digest("hex");

/** The browser session a flow is bound to, and the organization it acts for. */
export interface FlowSession {
  idHash: string;
  organizationId: string;
  clientId: string;
}

export async function startFlow(session: FlowSession, vin: string, note: string | null) {
  const db = await getStore();
  const id = randomUUID();
  const state = randomBytes(32).toString("base64url");
  const now = new Date();
  await db.insert(vinFlows).values({
    id,
    sessionIdHash: session.idHash,
    organizationId: session.organizationId,
    clientId: session.clientId,
    stateHash: digest(state),
    vin,
    note,
    createdAt: now,
    expiresAt: new Date(now.getTime() + FLOW_LIFETIME_MS),
  });
  return { id, state };
}

export type StateRefusal = "missing" | "forged" | "reused" | "expired";

/**
 * Checks a callback's `state` against this browser session (in the organization that began the
 * flow) and spends it: a missing, unknown (or another session's or organization's), already used
 * or expired state is refused before anything is fetched.
 */
export async function consumeState(
  session: Pick<FlowSession, "idHash" | "organizationId">,
  state: string | undefined,
  outcome: { status: "completed"; svcId: string } | { status: "cancelled" },
): Promise<{ ok: true; flowId: string } | { ok: false; reason: StateRefusal }> {
  if (!state) return { ok: false, reason: "missing" };
  const db = await getStore();
  const [flow] = await db
    .select()
    .from(vinFlows)
    .where(eq(vinFlows.stateHash, digest(state)))
    .limit(1);
  if (
    !flow ||
    flow.sessionIdHash !== session.idHash ||
    flow.organizationId !== session.organizationId
  )
    return { ok: false, reason: "forged" };
  if (flow.usedAt) return { ok: false, reason: "reused" };
  if (flow.expiresAt <= new Date()) return { ok: false, reason: "expired" };
  const [spent] = await db
    .update(vinFlows)
    .set({
      usedAt: new Date(),
      outcome: outcome.status,
      svcId: outcome.status === "completed" ? outcome.svcId : null,
    })
    .where(and(eq(vinFlows.id, flow.id), isNull(vinFlows.usedAt)))
    .returning({ id: vinFlows.id });
  return spent ? { ok: true, flowId: spent.id } : { ok: false, reason: "reused" };
}

export async function getFlow(organizationId: string, id: string) {
  return firstRow(
    await getStore(),
    vinFlows,
    and(eq(vinFlows.id, id), eq(vinFlows.organizationId, organizationId)),
  );
}
