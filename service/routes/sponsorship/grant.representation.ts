import { type Db } from "../../db/database";
import { coverageOf, type GrantRow, isGrantActive } from "../../domain/grants";
import { periodBounds } from "../../domain/period";

/** Grants as the interface shows them, with what each covered this month. */
export async function toGrants(db: Db, grants: GrantRow[], now: Date, currency: string) {
  const coverage = await coverageOf(
    db,
    grants.map((g) => g.id),
    now,
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
