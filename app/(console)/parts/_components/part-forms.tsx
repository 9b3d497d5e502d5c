import { type ReactNode } from "react";
import { AddressForm } from "@/components/ui/address-form";
import { Button } from "@/components/ui/button";

import { SelectField, TextField } from "@/components/ui/field";
import { MARKETPLACE_IDS, partCondition, seoLanguage, vehicleType } from "@/lib/api/contract/parts";
import { type PartsView } from "../_lib/parts-view";

type Errors = Record<string, string | undefined>;

function VehicleTypeSelect({ id, value, error }: { id: string; value?: string; error?: string }) {
  return (
    <SelectField
      choices={vehicleType.options}
      name="vehicleType"
      label="Vehicle type"
      id={id}
      defaultValue={value ?? "car"}
      error={error}
    />
  );
}
/** One further read: the number and view it keeps, its own fields, and the button that sends them. */
function FurtherRead({
  label,
  keep,
  submit,
  children,
}: {
  label: string;
  keep: Record<string, string | undefined>;
  submit: string;
  children: ReactNode;
}) {
  return (
    <AddressForm
      action="/parts"
      label={label}
      keep={keep}
      className="grid items-end gap-4 sm:grid-cols-4"
    >
      {children}
      <Button type="submit" variant="secondary">
        {submit}
      </Button>
    </AddressForm>
  );
}

/** The further reads for one number, each a form of its own so only the chosen call is billed. */
export function FurtherReads({
  oe,
  view,
  errors,
  normalized,
}: {
  oe: string;
  view: PartsView;
  errors: Errors;
  /** The normalised number, where the lookup found one other than what was typed. */
  normalized?: string;
}) {
  const price = view.kind === "price" ? view : null;
  const article = view.kind === "article" ? view : null;
  return (
    <div className="space-y-6">
      <FurtherRead
        label="Read aftermarket references"
        keep={{ oe, view: "references", normalized }}
        submit="Aftermarket references"
      >
        <p className="text-sm text-slate-600 sm:col-span-3">
          Aftermarket references for <code>{oe}</code>, paged on the service.
        </p>
      </FurtherRead>
      <FurtherRead label="Evaluate the price" keep={{ oe, view: "price" }} submit="Evaluate price">
        <SelectField
          name="condition"
          label="Condition"
          defaultValue={price?.condition ?? "used"}
          error={errors.condition}
          choices={partCondition.options}
        />
        <TextField
          name="currency"
          label="Currency"
          defaultValue={price?.currency ?? "EUR"}
          error={errors.currency}
          autoComplete="off"
        />
        <VehicleTypeSelect
          id="price-vehicle-type"
          value={price?.vehicleType}
          error={price ? errors.vehicleType : undefined}
        />
      </FurtherRead>
      <FurtherRead
        label="Preview a marketplace article"
        keep={{ oe, view: "article" }}
        submit="Preview article"
      >
        <SelectField
          choices={MARKETPLACE_IDS}
          name="marketplaceId"
          label="Marketplace"
          defaultValue={article?.marketplaceId ?? "MARKET_DE"}
          error={errors.marketplaceId}
        />
        <SelectField
          choices={seoLanguage.options}
          name="language"
          label="Language"
          defaultValue={article?.language ?? ""}
          error={errors.language}
        >
          <option value="">the marketplace&apos;s own</option>
        </SelectField>
        <VehicleTypeSelect
          id="article-vehicle-type"
          value={article?.vehicleType}
          error={article ? errors.vehicleType : undefined}
        />
      </FurtherRead>
    </div>
  );
}
