import { type Db } from "../../db/database";
import {
  type CallClock,
  coverageOf,
  type GrantRow,
  grantNow,
  isGrantActive,
} from "../../domain/grants";
import { periodBounds } from "../../domain/period";

/** Grants as the interface shows them, with what each covered in its month. */
export async function toGrants(db: Db, grants: GrantRow[], clock: CallClock, currency: string) {
  const coverage = await coverageOf(db, grants, clock);
  return grants.map((g) =>
    present(g, coverage.get(g.id) ?? { calls: 0, amountMinor: 0 }, grantNow(g, clock), currency),
  );
}

export async function toGrant(db: Db, g: GrantRow, clock: CallClock, currency: string) {
  const [grant] = await toGrants(db, [g], clock, currency);
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
