import { z } from "zod";
import { dateTimeForInput, parseDateTime } from "@/lib/dates";
import { clientId, grantReference } from "@/lib/api/contract/common";
import {
  coveredEndpointKeys,
  type SponsorshipGrant,
  type UpsertSponsorshipGrantRequest,
  upsertSponsorshipGrantRequest,
} from "@/lib/api/contract/client-admin";

/** Dates are typed the way the console shows them ("1 Dec 2026 00:00"), read as UTC. */
const typedDateTime = z.union([
  z.literal(""),
  z
    .string()
    .trim()
    .refine(
      (v) => parseDateTime(v) !== null,
      "Enter a date like 1 Dec 2026, with a time if needed (14:30).",
    ),
]);
const euros = z.union([
  z.literal(""),
  z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount in euros, e.g. 50 or 49.90."),
]);

export const grantForm = z
  .object({
    reference: grantReference,
    beneficiaryClientId: clientId,
    endpointKeys: coveredEndpointKeys,
    hub: z.boolean(),
    startsAt: typedDateTime,
    endsAt: typedDateTime,
    allowPartnerTerms: z.boolean(),
    monthlyCap: euros,
  })
  .refine(
    (v) => !v.startsAt || !v.endsAt || parseDateTime(v.startsAt)! < parseDateTime(v.endsAt)!,
    {
      message: "The end must be after the start.",
      path: ["endsAt"],
    },
  );
export type GrantFormValues = z.infer<typeof grantForm>;

const toIso = (typed: string) => (typed ? parseDateTime(typed)?.toISOString() : undefined);
const toTyped = (iso: string | null | undefined) => dateTimeForInput(iso);

export function grantFormToRequest(values: GrantFormValues): UpsertSponsorshipGrantRequest {
  return upsertSponsorshipGrantRequest.parse({
    beneficiaryClientId: values.beneficiaryClientId,
    endpointKeys: values.endpointKeys,
    ...(values.hub ? { channels: ["hub"] } : {}),
    ...(values.startsAt ? { startsAt: toIso(values.startsAt) } : {}),
    ...(values.endsAt ? { endsAt: toIso(values.endsAt) } : {}),
    allowPartnerTerms: values.allowPartnerTerms,
    ...(values.monthlyCap ? { monthlyCapMinor: Math.round(Number(values.monthlyCap) * 100) } : {}),
  });
}

export function grantToFormValues(g: SponsorshipGrant): GrantFormValues {
  return {
    reference: g.reference,
    beneficiaryClientId: g.beneficiaryClientId ?? "",
    endpointKeys: g.endpointKeys ?? [],
    hub: (g.channels ?? []).includes("hub"),
    startsAt: toTyped(g.startsAt),
    endsAt: toTyped(g.endsAt),
    allowPartnerTerms: g.allowPartnerTerms ?? false,
    monthlyCap:
      g.monthlyCapMinor === null || g.monthlyCapMinor === undefined
        ? ""
        : (g.monthlyCapMinor / 100).toFixed(2),
  };
}

export const EMPTY_GRANT_FORM: GrantFormValues = {
  reference: "",
  beneficiaryClientId: "",
  endpointKeys: [],
  hub: false,
  startsAt: "",
  endsAt: "",
  allowPartnerTerms: false,
  monthlyCap: "",
};

const money = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? "no cap" : `€${(minor / 100).toFixed(2)}`;
const when = (iso: string | null | undefined) =>
  iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "not set";

/** What replacing a grant changes, in words, field by field. */
export function describeGrantChanges(
  before: SponsorshipGrant,
  after: UpsertSponsorshipGrantRequest,
): string[] {
  const changes: string[] = [];
  const keysBefore = [...(before.endpointKeys ?? [])].sort();
  const keysAfter = [...new Set(after.endpointKeys)].sort();
  if (before.beneficiaryClientId !== after.beneficiaryClientId) {
    changes.push(
      `Beneficiary: ${before.beneficiaryClientId ?? "unknown"} → ${after.beneficiaryClientId} (its billing mode returns to own)`,
    );
  }
  const added = keysAfter.filter((k) => !keysBefore.includes(k));
  const removed = keysBefore.filter((k) => !keysAfter.includes(k));
  if (added.length) changes.push(`Endpoint keys added: ${added.join(", ")}`);
  if (removed.length) changes.push(`Endpoint keys removed: ${removed.join(", ")}`);
  const hubBefore = (before.channels ?? []).includes("hub");
  const hubAfter = (after.channels ?? []).includes("hub");
  if (hubBefore !== hubAfter)
    changes.push(`Channel hub: ${hubBefore ? "on" : "off"} → ${hubAfter ? "on" : "off"}`);
  if ((before.startsAt ?? null) !== (after.startsAt ?? null))
    changes.push(`Start: ${when(before.startsAt)} → ${when(after.startsAt)}`);
  if ((before.endsAt ?? null) !== (after.endsAt ?? null))
    changes.push(`End: ${when(before.endsAt)} → ${when(after.endsAt)}`);
  if ((before.allowPartnerTerms ?? false) !== (after.allowPartnerTerms ?? false)) {
    changes.push(
      `Switch to your terms: ${before.allowPartnerTerms ? "permitted" : "not permitted"} → ${after.allowPartnerTerms ? "permitted" : "not permitted"}`,
    );
  }
  if ((before.monthlyCapMinor ?? null) !== (after.monthlyCapMinor ?? null))
    changes.push(`Monthly cap: ${money(before.monthlyCapMinor)} → ${money(after.monthlyCapMinor)}`);
  return changes;
}
