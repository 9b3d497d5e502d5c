"use client";

import {
  choicesOf,
  LISTING_LANGUAGE_WORDS,
  LISTING_QUALITY_WORDS,
} from "@/lib/operations/choice-words";
import { useTranslations } from "next-intl";
import { ActionForm } from "@/components/forms/action-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
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
  const t = useTranslations("vehicles.listing");
  const choices = useTranslations("choices");
  const form = useForm<z.input<typeof listingForm>, unknown, z.output<typeof listingForm>>({
    resolver: zodResolver(listingForm, { error: humanIssue }),
    defaultValues: { language: "en", quality: "standard", notes: "" },
  });
  const run = useActionSubmit(form, (body) =>
    composeListingAction({ svcId, body: { ...body, notes: body.notes || undefined } }),
  );
  const { data: result } = run;
  return (
    <div className="space-y-4">
      <ActionForm
        label={t("label")}
        run={run}
        button={[t("submit"), t("pending")]}
        variant="secondary"
        notes={
          <>
            <FormTextarea of={form} name="notes" label={t("notes")} rows={3} />
          </>
        }
      >
        <FormSelect
          of={form}
          name="language"
          label={t("language")}
          choices={choicesOf(LISTING_LANGUAGE_WORDS, choices)}
        />
        <FormSelect
          of={form}
          name="quality"
          label={t("quality")}
          choices={choicesOf(LISTING_QUALITY_WORDS, choices)}
        />
      </ActionForm>
      {result ? (
        <div className="space-y-3" data-testid="listing-result">
          <ValueList value={result.listing} label={t("result")} />
          <p className="text-xs text-slate-500">{t("caveat")}</p>
          <Receipt facts={result.receipt} label={t("receipt")} />
        </div>
      ) : null}
    </div>
  );
}
