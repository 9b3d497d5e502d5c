"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { RefusedAction } from "@/components/ui/refused-action";
import { SelectField } from "@/components/ui/field";
import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { canChoose } from "@/app/(console)/received-grants/_lib/billing-mode";
import { chooseBillingModeAction } from "../../grants/actions";
import { useFormats } from "@/components/i18n/formats-provider";

/** Choosing the billing mode of one received grant, with the consequence stated before confirming. */
export function BillingModeChoice({
  grant,
  sponsorClientId,
  refusal,
}: {
  grant: SponsorshipGrant;
  sponsorClientId?: string;
  /** Why the person's role may not choose a billing mode; undefined when it may. */
  refusal?: string;
}) {
  const formats = useFormats();
  const t = useTranslations("receivedGrants");
  const [open, setOpen] = useState(false);
  const [askSponsor, setAskSponsor] = useState<string[] | null>(null);
  const [chosenSponsor, setChosenSponsor] = useState<string>(sponsorClientId ?? "");
  const { pending, notice, run } = useActionCall(
    (_: void, idempotencyKey) =>
      chooseBillingModeAction({
        reference: grant.reference,
        body: { mode: "partner", ...(chosenSponsor ? { sponsorClientId: chosenSponsor } : {}) },
        idempotencyKey,
      }),
    {
      onSuccess: () => setOpen(false),
      onRefusal: (refusal) => {
        if (refusal.code !== "sponsorship_reference_ambiguous") return;
        const ids = refusal.details?.sponsorClientIds;
        setAskSponsor(Array.isArray(ids) ? (ids as string[]) : []);
        return null;
      },
    },
  );
  const partner = canChoose(grant, "partner");
  const cap =
    grant.monthlyCapMinor === null || grant.monthlyCapMinor === undefined
      ? t("choice.withoutCap")
      : t("choice.withinCap", { cap: formats.money(grant.monthlyCapMinor, grant.currency) });

  if (!partner.allowed)
    return <span className="text-sm text-slate-600">{t(`reasons.${partner.reason}`)}</span>;
  if (refusal)
    return <RefusedAction label={t("choice.switch")} variant="secondary" refusal={refusal} />;

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t("choice.switch")}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("choice.title", { reference: grant.reference })}
      >
        <div className="space-y-3 text-sm">
          <p>{t.rich("choice.now", { strong: (chunks) => <strong>{chunks}</strong> })}</p>
          <p>{t.rich("choice.partner", { cap, strong: (chunks) => <strong>{chunks}</strong> })}</p>
          {askSponsor ? (
            <SelectField
              choices={askSponsor}
              label={t("choice.whichSponsor")}
              value={chosenSponsor}
              onChange={(e) => setChosenSponsor(e.target.value)}
              hint={t("choice.severalSponsors")}
            >
              <option value="">{t("choice.chooseSponsor")}</option>
            </SelectField>
          ) : null}
          <ActionNotice notice={notice} />
          <div className="flex gap-2">
            <Button
              onClick={() => run()}
              disabled={pending || (askSponsor !== null && !chosenSponsor)}
            >
              {pending ? t("choice.pending") : t("choice.confirm")}
            </Button>
            <Button
              variant="secondary"
              onClick={() => setOpen(false)}
              disabled={pending}
              data-autofocus
            >
              {t("choice.keep")}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
