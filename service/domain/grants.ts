import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
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

/**
 * The two times a call has: its family's (the instance's clock plus its Master's sandbox clock)
 * and the instance's alone.
 */
export interface CallClock {
  family: Date;
  instance: Date;
}

/**
 * The time a grant is judged at: a grant within one family follows that family's clock; one
 * between two families follows the instance's, so neither family's sandbox clock moves the
 * other's coverage or costs.
 */
export function grantNow(g: Pick<GrantRow, "crossFamily">, clock: CallClock): Date {
  return g.crossFamily ? clock.instance : clock.family;
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
  grantRows: Pick<GrantRow, "id" | "crossFamily">[],
  clock: CallClock,
): Promise<Map<string, { calls: number; amountMinor: number }>> {
  if (grantRows.length === 0) return new Map();
  const u = schema.usageEvents;
  const monthOf = (crossFamily: boolean) => periodOf(grantNow({ crossFamily }, clock));
  const inMonth = (crossFamily: boolean) => {
    const ids = grantRows.filter((g) => g.crossFamily === crossFamily).map((g) => g.id);
    return ids.length
      ? and(
          inArray(u.grantId, ids),
          eq(sql`coalesce(${u.grantPeriod}, ${u.period})`, monthOf(crossFamily)),
        )
      : undefined;
  };
  const rows = await db
    .select({
      grantId: u.grantId,
      calls: sql<number>`count(*)::int`,
      amountMinor: sql<number>`coalesce(sum(${u.amountMinor}), 0)::int`,
    })
    .from(u)
    .where(and(or(inMonth(false), inMonth(true)), eq(u.status, "charged")))
    .groupBy(u.grantId);
  return new Map(rows.map((r) => [r.grantId!, { calls: r.calls, amountMinor: r.amountMinor }]));
}
