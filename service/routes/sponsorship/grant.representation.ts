import { type Db, type schema } from "../../db/database";
import { periodBounds, periodOf } from "../../domain/period";
import { coveredThisPeriod } from "../../pipeline/billing";

type GrantRow = typeof schema.sponsorshipGrants.$inferSelect;

/** `active`: not revoked and not past its end date. */
export function isGrantActive(g: GrantRow, now: Date): boolean {
  return g.active && (g.endsAt === null || g.endsAt > now);
}

/** A grant with what it covered this month, from the usage events it paid for. */
export async function toGrant(db: Db, g: GrantRow, now: Date, currency: string) {
  const covered = await coveredThisPeriod(db, g.id, periodOf(now));
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
