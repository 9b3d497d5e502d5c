import { and, eq, inArray, sql } from "drizzle-orm";
import { type Db, schema } from "../../db/database";
import { periodBounds, periodOf } from "../../domain/period";

type GrantRow = typeof schema.sponsorshipGrants.$inferSelect;

/** `active`: not revoked and not past its end date. */
export function isGrantActive(g: GrantRow, now: Date): boolean {
  return g.active && (g.endsAt === null || g.endsAt > now);
}

/** What each grant covered in the period, in one grouped query. */
async function coverageByGrant(db: Db, ids: string[], period: string) {
  if (ids.length === 0) return new Map<string, { calls: number; amountMinor: number }>();
  const u = schema.usageEvents;
  const rows = await db
    .select({
      grantId: u.grantId,
      calls: sql<number>`count(*)::int`,
      amountMinor: sql<number>`coalesce(sum(${u.amountMinor}), 0)::int`,
    })
    .from(u)
    .where(and(inArray(u.grantId, ids), eq(u.period, period), eq(u.status, "charged")))
    .groupBy(u.grantId);
  return new Map(rows.map((r) => [r.grantId!, { calls: r.calls, amountMinor: r.amountMinor }]));
}

/** Grants with what each covered this month, from the usage events it paid for. */
export async function toGrants(db: Db, grants: GrantRow[], now: Date, currency: string) {
  const coverage = await coverageByGrant(
    db,
    grants.map((g) => g.id),
    periodOf(now),
  );
  return grants.map((g) =>
    present(g, coverage.get(g.id) ?? { calls: 0, amountMinor: 0 }, now, currency),
  );
}

export async function toGrant(db: Db, g: GrantRow, now: Date, currency: string) {
  const [grant] = await toGrants(db, [g], now, currency);
  return grant!;
}

function present(
  g: GrantRow,
  covered: { calls: number; amountMinor: number },
  now: Date,
  currency: string,
) {
  const bounds = periodBounds(now);
  return {
    reference: g.reference,
    sponsorClientId: g.sponsorClientId,
    beneficiaryClientId: g.beneficiaryClientId,
    endpointKeys: g.endpointKeys as never[],
    channels: g.channels as "hub"[],
    startsAt: g.startsAt?.toISOString() ?? null,
    endsAt: g.endsAt?.toISOString() ?? null,
    allowPartnerTerms: g.allowPartnerTerms,
    monthlyCapMinor: g.monthlyCapMinor,
    currency,
    billingMode: g.billingMode as "own" | "partner",
    active: isGrantActive(g, now),
    revokedAt: g.revokedAt?.toISOString() ?? null,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
    coverage: {
      period: { start: bounds.start.toISOString(), end: bounds.end.toISOString() },
      coveredCalls: covered.calls,
      coveredAmountMinor: covered.amountMinor,
    },
  };
}
