"use client";

import {
  choicesOf,
  LISTING_LANGUAGE_WORDS,
  LISTING_QUALITY_WORDS,
} from "@/lib/operations/choice-words";
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
  const run = useActionSubmit(form, (body) =>
    composeListingAction({ svcId, body: { ...body, notes: body.notes || undefined } }),
  );
  const { data: result } = run;
  return (
    <div className="space-y-4">
      <ActionForm
        label="Listing text"
        run={run}
        button={["Write listing text", "Writing…"]}
        variant="secondary"
        notes={
          <>
            <FormTextarea
              of={form}
              name="notes"
              label="Notes for the text (optional, up to 2,000 characters)"
              rows={3}
            />
          </>
        }
      >
        <FormSelect
          of={form}
          name="language"
          label="Language"
          choices={choicesOf(LISTING_LANGUAGE_WORDS)}
        />
        <FormSelect
          of={form}
          name="quality"
          label="Quality"
          choices={choicesOf(LISTING_QUALITY_WORDS)}
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
