"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { RefusedAction } from "@/components/ui/refused-action";
import { SelectField } from "@/components/ui/field";
import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";
import { formatMinor } from "@/lib/format";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { canChoose } from "@/app/(console)/received-grants/_lib/billing-mode";
import { chooseBillingModeAction } from "../../grants/actions";

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
      ? "without a cap"
      : `within a cap of ${formatMinor(grant.monthlyCapMinor, grant.currency)} per month`;

  if (!partner.allowed) return <span className="text-sm text-slate-600">{partner.reason}</span>;
  if (refusal)
    return (
      <RefusedAction label="Switch to the sponsor's terms…" variant="secondary" refusal={refusal} />
    );

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Switch to the sponsor&apos;s terms…
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Billing mode for ${grant.reference}`}
      >
        <div className="space-y-3 text-sm">
          <p>
            <strong>Now: own terms.</strong> Your plan and credit pay first; the sponsor covers the
            rest.
          </p>
          <p>
            <strong>Sponsor&apos;s terms:</strong> the sponsor pays first, {cap}; past the cap your
            own plan and credit pay. This switch is permanent: you cannot return to own terms for
            this grant.
          </p>
          {askSponsor ? (
            <SelectField
              choices={askSponsor}
              label="Which sponsor's grant?"
              value={chosenSponsor}
              onChange={(e) => setChosenSponsor(e.target.value)}
              hint="Several sponsors use this reference."
            >
              <option value="">Choose the sponsor</option>
            </SelectField>
          ) : null}
          <ActionNotice notice={notice} />
          <div className="flex gap-2">
            <Button
              onClick={() => run()}
              disabled={pending || (askSponsor !== null && !chosenSponsor)}
            >
              {pending ? "Switching…" : "Switch permanently"}
            </Button>
            <Button
              variant="secondary"
              onClick={() => setOpen(false)}
              disabled={pending}
              data-autofocus
            >
              Keep own terms
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
