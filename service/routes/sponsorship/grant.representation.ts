import { ok } from "../../core";
import { type OperationId } from "@/lib/api/contract/operations";
import { type RequestContext } from "../../context";
import {
  type CallClock,
  coverageOf,
  type GrantRow,
  grantNow,
  isGrantActive,
} from "../../domain/grants";
import { periodBounds } from "../../domain/period";

/** What a call knows that its grants are shown with: its connection, caller and times. */
export type GrantView = Pick<RequestContext<OperationId>, "db" | "caller" | "now" | "instanceNow">;

/** Grants as the interface shows them to the caller, with what each covered in its month. */
export async function toGrants(view: GrantView, grants: GrantRow[]) {
  const clock: CallClock = { family: view.now, instance: view.instanceNow };
  const coverage = await coverageOf(view.db, grants, clock);
  return grants.map((g) =>
    present(
      g,
      coverage.get(g.id) ?? { calls: 0, amountMinor: 0 },
      grantNow(g, clock),
      view.caller.client.currency,
    ),
  );
}

export async function toGrant(view: GrantView, g: GrantRow) {
  const [grant] = await toGrants(view, [g]);
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

/** The answer of an operation on one grant: `{ sponsorshipGrant }`. */
export async function grantAnswer(view: GrantView, g: GrantRow) {
  return ok({ sponsorshipGrant: await toGrant(view, g) });
}

/** The answer of a list of grants: `{ sponsorshipGrants }`. */
export async function grantsAnswer(view: GrantView, grants: GrantRow[]) {
  return ok({ sponsorshipGrants: await toGrants(view, grants) });
}
