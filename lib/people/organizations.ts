import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { decryptSecret, deriveKey, encryptSecret } from "@/lib/auth/secret-box";
import { isRole, type Role } from "@/lib/auth/roles";
import { consoleConfig } from "@/lib/config/console-env";
import { firstFields } from "@/lib/db/first-row";
import { getStore } from "@/lib/store/db";
import { memberships, organizations, people, sessions } from "@/lib/store/schema";

export type Organization = Omit<typeof organizations.$inferSelect, "keyCiphertext">;

const keyAtRest = () => deriveKey(consoleConfig().SESSION_SECRET, "api-key-at-rest");

const publicColumns = {
  id: organizations.id,
  clientId: organizations.clientId,
  environment: organizations.environment,
  isMaster: organizations.isMaster,
  name: organizations.name,
  keySignIn: organizations.keySignIn,
  createdAt: organizations.createdAt,
  keyReplacedAt: organizations.keyReplacedAt,
};

/**
 * The organization of a Client and environment, created on the first key sign-in with that key
 * stored encrypted. A later key sign-in does not replace the stored key: only the owner does
 * (`replaceStoredKey`), so a stale or foreign key never changes what members act with.
 */
export async function connectOrganization(
  identity: { clientId: string; isMaster: boolean; environment: string },
  apiKey: string,
  name: string,
): Promise<Organization> {
  const db = await getStore();
  await db
    .insert(organizations)
    .values({
      id: randomUUID(),
      clientId: identity.clientId,
      environment: identity.environment,
      isMaster: identity.isMaster,
      name,
      keyCiphertext: encryptSecret(apiKey, keyAtRest()),
    })
    .onConflictDoNothing();
  const [org] = await db
    .select(publicColumns)
    .from(organizations)
    .where(
      and(
        eq(organizations.clientId, identity.clientId),
        eq(organizations.environment, identity.environment),
      ),
    )
    .limit(1);
  return org!;
}

export async function findOrganization(id: string): Promise<Organization | undefined> {
  return firstFields(await getStore(), publicColumns, organizations, eq(organizations.id, id));
}

/** The key an organization's members act with: only for calls, never shown or returned. */
export async function organizationKey(id: string): Promise<string | undefined> {
  const fields = { keyCiphertext: organizations.keyCiphertext };
  const row = await firstFields(await getStore(), fields, organizations, eq(organizations.id, id));
  return row ? decryptSecret(row.keyCiphertext, keyAtRest()) : undefined;
}

/** The owner's replacement of the stored key, after the Master issued a new one for the Client. */
export async function replaceStoredKey(id: string, apiKey: string, now = new Date()) {
  const db = await getStore();
  await db
    .update(organizations)
    .set({ keyCiphertext: encryptSecret(apiKey, keyAtRest()), keyReplacedAt: now })
    .where(eq(organizations.id, id));
}

export async function setKeySignIn(id: string, allowed: boolean) {
  const db = await getStore();
  await db.update(organizations).set({ keySignIn: allowed }).where(eq(organizations.id, id));
}

export interface Member {
  personId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: Date;
}

export async function membersOf(organizationId: string): Promise<Member[]> {
  const db = await getStore();
  const rows = await db
    .select({
      personId: people.id,
      email: people.email,
      name: people.name,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(people, eq(people.id, memberships.personId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(people.name), asc(people.email));
  return rows.filter((r): r is Member => isRole(r.role));
}

export async function roleOf(organizationId: string, personId: string): Promise<Role | undefined> {
  const row = await firstFields(
    await getStore(),
    { role: memberships.role },
    memberships,
    and(eq(memberships.organizationId, organizationId), eq(memberships.personId, personId)),
  );
  return row && isRole(row.role) ? row.role : undefined;
}

export async function ownerCount(organizationId: string): Promise<number> {
  const db = await getStore();
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, "owner")));
  return row?.n ?? 0;
}

/**
 * A removed member's membership stays as a bar with this role (no role a session accepts): the
 * organization's single sign-on does not bring them back; only an invitation does.
 */
const REMOVED = "removed";

/** Adds a member, or leaves an existing membership (or a removed member's bar) as it is. */
export async function addMember(organizationId: string, personId: string, role: Role) {
  const db = await getStore();
  await db.insert(memberships).values({ organizationId, personId, role }).onConflictDoNothing();
}

/**
 * Adds a member who accepted an invitation: a removed member comes back with the invited role,
 * an existing member keeps theirs.
 */
export async function admitInvitedMember(organizationId: string, personId: string, role: Role) {
  const db = await getStore();
  await db
    .insert(memberships)
    .values({ organizationId, personId, role })
    .onConflictDoUpdate({
      target: [memberships.organizationId, memberships.personId],
      set: { role, createdAt: new Date() },
      setWhere: eq(memberships.role, REMOVED),
    });
}

/** Whether a person was removed from an organization (and not invited back). */
export async function wasRemoved(organizationId: string, personId: string): Promise<boolean> {
  const row = await firstFields(
    await getStore(),
    { role: memberships.role },
    memberships,
    and(eq(memberships.organizationId, organizationId), eq(memberships.personId, personId)),
  );
  return row?.role === REMOVED;
}

export async function changeRole(organizationId: string, personId: string, role: Role) {
  const db = await getStore();
  await db
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.personId, personId)));
}

/**
 * Removes a member. Their sessions in this organization end on their next request, on every
 * console instance: a session reads its membership with every request. The membership stays as
 * a bar, so the organization's single sign-on does not let them back in; an invitation does.
 */
export async function removeMember(organizationId: string, personId: string) {
  const db = await getStore();
  await db
    .update(memberships)
    .set({ role: REMOVED })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.personId, personId)));
}

/** Ends a person's sessions (in one organization, or everywhere): each ends on its next request. */
export async function endSessionsOf(personId: string, organizationId?: string, now = new Date()) {
  const db = await getStore();
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(
      and(
        eq(sessions.personId, personId),
        organizationId ? eq(sessions.organizationId, organizationId) : undefined,
      ),
    );
}

/** The organizations a person belongs to, with their role in each. */
export async function organizationsOf(
  personId: string,
): Promise<(Organization & { role: Role })[]> {
  const db = await getStore();
  const rows = await db
    .select({ ...publicColumns, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.personId, personId))
    .orderBy(asc(organizations.name), asc(organizations.environment));
  return rows.filter((r): r is Organization & { role: Role } => isRole(r.role));
}
