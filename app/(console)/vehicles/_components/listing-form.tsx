"use client";

import { ActionForm } from "@/components/forms/action-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type z } from "zod";
import { Receipt } from "@/components/billing/receipt";
import { FormSelect, FormTextarea } from "@/components/forms/form-fields";
import { ValueList } from "@/components/operations/value-list";
import { vehicleListingRequest } from "@/lib/api/contract/vehicles";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { composeListingAction } from "../actions";

const listingForm = vehicleListingRequest.required({ language: true, quality: true });

/** Listing text for a vehicle type: without price, condition or value claims. */
export function ListingForm({ svcId }: { svcId: string }) {
  const form = useForm<z.input<typeof listingForm>, unknown, z.output<typeof listingForm>>({
    resolver: zodResolver(listingForm),
    defaultValues: { language: "en", quality: "standard", notes: "" },
  });
  const {
    pending,
    notice,
    data: result,
    submit,
  } = useActionSubmit(form, (body) =>
    composeListingAction({ svcId, body: { ...body, notes: body.notes || undefined } }),
  );
  return (
    <div className="space-y-4">
      <ActionForm
        label="Listing text"
        notice={notice}
        onSubmit={submit}
        pending={pending}
        submitLabel="Write listing text"
        pendingLabel="Writing…"
        variant="secondary"
        fields={
          <>
            <FormSelect of={form} name="language" label="Language">
              <option value="en">English</option>
              <option value="de">German</option>
              <option value="fr">French</option>
            </FormSelect>
            <FormSelect of={form} name="quality" label="Quality">
              <option value="standard">standard</option>
              <option value="premium">premium</option>
            </FormSelect>
          </>
        }
      >
        <FormTextarea
          of={form}
          name="notes"
          label="Notes for the text (optional, up to 2,000 characters)"
          rows={3}
        />
      </ActionForm>
      {result ? (
        <div className="space-y-3" data-testid="listing-result">
          <ValueList value={result.listing} label="Listing" />
          <p className="text-xs text-slate-500">
            The text makes no price, condition or value claim; add those yourself and check the text
            against the vehicle before publishing.
          </p>
          <Receipt facts={result.receipt} label="Receipt: listing text" />
        </div>
      ) : null}
    </div>
  );
}
