import "server-only";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { claimOnce } from "@/lib/db/claim-once";
import { isRole, type Role } from "@/lib/auth/roles";
import { getStore } from "@/lib/store/db";
import { invitations, organizations } from "@/lib/store/schema";
import { normalEmail } from "./people";

/** An invitation's link works for 7 days, once. */
export const INVITATION_DAYS = 7;

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

export interface Invitation {
  id: string;
  organizationId: string;
  email: string;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

const columns = {
  id: invitations.id,
  organizationId: invitations.organizationId,
  email: invitations.email,
  role: invitations.role,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  acceptedAt: invitations.acceptedAt,
  revokedAt: invitations.revokedAt,
};

const asInvitation = <T extends { role: string }>(row: T) =>
  isRole(row.role) ? (row as T & { role: Role }) : undefined;

/**
 * A new invitation and its token (256 bits from the CSPRNG): the token is returned once, to be
 * put in the link, and only its digest is kept.
 */
export async function createInvitation(input: {
  organizationId: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  now?: Date;
}): Promise<{ invitation: Invitation; token: string }> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  const db = await getStore();
  const [row] = await db
    .insert(invitations)
    .values({
      id: randomUUID(),
      organizationId: input.organizationId,
      email: normalEmail(input.email),
      role: input.role,
      tokenHash: digest(token),
      invitedBy: input.invitedBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
    })
    .returning(columns);
  return { invitation: asInvitation(row!)!, token };
}

/** The invitations of an organization that are still open, newest first. */
export async function openInvitations(
  organizationId: string,
  now = new Date(),
): Promise<Invitation[]> {
  const db = await getStore();
  const rows = await db
    .select(columns)
    .from(invitations)
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt));
  return rows.map(asInvitation).filter((i): i is Invitation => i !== undefined);
}

export type InvitationState =
  | { kind: "open"; invitation: Invitation; organizationName: string }
  | { kind: "used" | "revoked" | "expired" | "unknown" };

/** What a link's token stands for now. */
export async function invitationByToken(token: string, now = new Date()): Promise<InvitationState> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { kind: "unknown" };
  const db = await getStore();
  const [row] = await db
    .select({ ...columns, organizationName: organizations.name })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(eq(invitations.tokenHash, digest(token)))
    .limit(1);
  const invitation = row ? asInvitation(row) : undefined;
  if (!row || !invitation) return { kind: "unknown" };
  if (row.acceptedAt) return { kind: "used" };
  if (row.revokedAt) return { kind: "revoked" };
  if (row.expiresAt <= now) return { kind: "expired" };
  return { kind: "open", invitation, organizationName: row.organizationName };
}

/**
 * Uses an invitation: one statement marks it accepted only while it is open, so of two uses (on
 * any console instance) one gets it. Returns the invitation it was, or undefined.
 */
export async function claimInvitation(
  token: string,
  now = new Date(),
): Promise<Invitation | undefined> {
  const marks = { usedAt: "acceptedAt", expiresAt: invitations.expiresAt, now } as const;
  const open = [eq(invitations.tokenHash, digest(token)), isNull(invitations.revokedAt)];
  const row = await claimOnce(await getStore(), invitations, marks, ...open);
  return row ? asInvitation(row) : undefined;
}

export async function revokeInvitation(organizationId: string, id: string, now = new Date()) {
  const db = await getStore();
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .returning({ id: invitations.id });
  return revoked.length > 0;
}
