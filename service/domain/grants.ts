import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { firstRow } from "@/lib/db/first-row";
import { type Db, schema } from "../db/database";
import { newId } from "./ids";
import { periodOf } from "./period";

const grants = schema.sponsorshipGrants;
export type GrantRow = typeof grants.$inferSelect;

/** What a grant covers and on which terms; a PUT replaces all of it. */
export interface GrantTerms {
  beneficiaryClientId: string;
  endpointKeys: string[];
  channels?: string[];
  startsAt?: string | null;
  endsAt?: string | null;
  allowPartnerTerms?: boolean;
  monthlyCapMinor?: number | null;
}

/** `active`: not revoked and not past its end date. */
export function isGrantActive(g: GrantRow, now: Date): boolean {
  return g.active && (g.endsAt === null || g.endsAt > now);
}

/** Grants a Client issued (`sponsor`) or received (`beneficiary`), oldest first. */
export function grantsOf(db: Db, side: "sponsor" | "beneficiary", clientId: string) {
  const column = side === "sponsor" ? grants.sponsorClientId : grants.beneficiaryClientId;
  return db.select().from(grants).where(eq(column, clientId)).orderBy(asc(grants.createdAt));
}

export async function issuedGrant(
  db: Db,
  sponsorId: string,
  reference: string,
): Promise<GrantRow | undefined> {
  return firstRow(
    db,
    grants,
    and(eq(grants.sponsorClientId, sponsorId), eq(grants.reference, reference)),
  );
}

/** Grants of one reference received by a beneficiary (several sponsors may share a reference). */
export function receivedGrants(
  db: Db,
  beneficiaryId: string,
  reference: string,
): Promise<GrantRow[]> {
  return db
    .select()
    .from(grants)
    .where(and(eq(grants.beneficiaryClientId, beneficiaryId), eq(grants.reference, reference)));
}

function termsColumns(terms: GrantTerms, now: Date) {
  return {
    beneficiaryClientId: terms.beneficiaryClientId,
    endpointKeys: [...new Set(terms.endpointKeys)],
    channels: [...new Set(terms.channels ?? [])],
    startsAt: terms.startsAt ? new Date(terms.startsAt) : null,
    endsAt: terms.endsAt ? new Date(terms.endsAt) : null,
    allowPartnerTerms: terms.allowPartnerTerms ?? false,
    monthlyCapMinor: terms.monthlyCapMinor ?? null,
    updatedAt: now,
  };
}

export async function issueGrant(
  db: Db,
  sponsorId: string,
  reference: string,
  terms: GrantTerms,
  now: Date,
): Promise<GrantRow> {
  const [row] = await db
    .insert(grants)
    .values({
      id: newId("gr"),
      sponsorClientId: sponsorId,
      reference,
      ...termsColumns(terms, now),
      createdAt: now,
    })
    .returning();
  return row!;
}

/**
 * Replaces a grant's terms (fields left out return to their defaults). The beneficiary's switch
 * to partner terms is permanent, unless the grant now names someone else.
 */
export async function replaceGrant(
  db: Db,
  existing: GrantRow,
  terms: GrantTerms,
  now: Date,
): Promise<GrantRow> {
  const billingMode =
    existing.beneficiaryClientId === terms.beneficiaryClientId ? existing.billingMode : "own";
  const [row] = await db
    .update(grants)
    .set({ ...termsColumns(terms, now), billingMode })
    .where(eq(grants.id, existing.id))
    .returning();
  return row!;
}

/** Stops a grant covering new requests; a revoked grant stays as it is. */
export async function revokeGrant(db: Db, existing: GrantRow, now: Date): Promise<GrantRow> {
  if (!existing.active) return existing;
  const [row] = await db
    .update(grants)
    .set({ active: false, revokedAt: now, updatedAt: now })
    .where(eq(grants.id, existing.id))
    .returning();
  return row!;
}

export async function setBillingMode(
  db: Db,
  grant: GrantRow,
  mode: "own" | "partner",
  now: Date,
): Promise<GrantRow> {
  if (grant.billingMode === mode) return grant;
  const [row] = await db
    .update(grants)
    .set({ billingMode: mode, updatedAt: now })
    .where(eq(grants.id, grant.id))
    .returning();
  return row!;
}

/** What each grant covered in the period of `now`, in one grouped query. */
export async function coverageOf(
  db: Db,
  ids: string[],
  now: Date,
): Promise<Map<string, { calls: number; amountMinor: number }>> {
  if (ids.length === 0) return new Map();
  const u = schema.usageEvents;
  const rows = await db
    .select({
      grantId: u.grantId,
      calls: sql<number>`count(*)::int`,
      amountMinor: sql<number>`coalesce(sum(${u.amountMinor}), 0)::int`,
    })
    .from(u)
    .where(and(inArray(u.grantId, ids), eq(u.period, periodOf(now)), eq(u.status, "charged")))
    .groupBy(u.grantId);
  return new Map(rows.map((r) => [r.grantId!, { calls: r.calls, amountMinor: r.amountMinor }]));
}
