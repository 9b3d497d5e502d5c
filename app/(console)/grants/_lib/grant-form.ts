import { z } from "zod";
import { dateTimeForInput, parseDateTime } from "@/lib/dates";
import type { Formats } from "@/lib/i18n/formats";
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

const when = (iso: string | null | undefined, t: GrantChangeWords) =>
  iso ? t("utc", { time: iso.slice(0, 16).replace("T", " ") }) : t("notSet");

/** The `grants.changes` messages, as `getTranslations`/`useTranslations("grants.changes")` give them. */
export type GrantChangeWords = (
  key:
    | "beneficiary"
    | "keysAdded"
    | "keysRemoved"
    | "hub"
    | "start"
    | "end"
    | "partnerTerms"
    | "cap"
    | "unknown"
    | "on"
    | "off"
    | "permitted"
    | "notPermitted"
    | "noCap"
    | "notSet"
    | "utc",
  values?: Record<string, string>,
) => string;

/** What replacing a grant changes, in words, field by field. */
export function describeGrantChanges(
  before: SponsorshipGrant,
  after: UpsertSponsorshipGrantRequest,
  t: GrantChangeWords,
  formats: Pick<Formats, "money">,
): string[] {
  const changes: string[] = [];
  // A cap is in the grant's currency (euros unless it says), written in the reader's format.
  const money = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? t("noCap") : formats.money(minor, before.currency);
  const keysBefore = [...(before.endpointKeys ?? [])].sort();
  const keysAfter = [...new Set(after.endpointKeys)].sort();
  if (before.beneficiaryClientId !== after.beneficiaryClientId) {
    changes.push(
      t("beneficiary", {
        before: before.beneficiaryClientId ?? t("unknown"),
        after: after.beneficiaryClientId,
      }),
    );
  }
  const added = keysAfter.filter((k) => !keysBefore.includes(k));
  const removed = keysBefore.filter((k) => !keysAfter.includes(k));
  if (added.length) changes.push(t("keysAdded", { keys: added.join(", ") }));
  if (removed.length) changes.push(t("keysRemoved", { keys: removed.join(", ") }));
  const hubBefore = (before.channels ?? []).includes("hub");
  const hubAfter = (after.channels ?? []).includes("hub");
  const onOff = (on: boolean) => (on ? t("on") : t("off"));
  if (hubBefore !== hubAfter)
    changes.push(t("hub", { before: onOff(hubBefore), after: onOff(hubAfter) }));
  if ((before.startsAt ?? null) !== (after.startsAt ?? null))
    changes.push(t("start", { before: when(before.startsAt, t), after: when(after.startsAt, t) }));
  if ((before.endsAt ?? null) !== (after.endsAt ?? null))
    changes.push(t("end", { before: when(before.endsAt, t), after: when(after.endsAt, t) }));
  const permitted = (on: boolean | undefined) => (on ? t("permitted") : t("notPermitted"));
  if ((before.allowPartnerTerms ?? false) !== (after.allowPartnerTerms ?? false)) {
    changes.push(
      t("partnerTerms", {
        before: permitted(before.allowPartnerTerms),
        after: permitted(after.allowPartnerTerms),
      }),
    );
  }
  if ((before.monthlyCapMinor ?? null) !== (after.monthlyCapMinor ?? null))
    changes.push(
      t("cap", {
        before: money(before.monthlyCapMinor),
        after: money(after.monthlyCapMinor),
      }),
    );
  return changes;
}
