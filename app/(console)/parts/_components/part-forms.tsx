import { useTranslations } from "next-intl";
import { type ReactNode } from "react";
import { AddressForm } from "@/components/ui/address-form";
import { Button } from "@/components/ui/button";

import { SelectField, TextField } from "@/components/ui/field";
import { MARKETPLACE_IDS, partCondition, seoLanguage, vehicleType } from "@/lib/api/contract/parts";
import { type PartsView } from "../_lib/parts-view";

type Errors = Record<string, string | undefined>;

function VehicleTypeSelect({ id, value, error }: { id: string; value?: string; error?: string }) {
  const t = useTranslations("parts.further");
  return (
    <SelectField
      choices={vehicleType.options}
      name="vehicleType"
      label={t("vehicleType")}
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
  const t = useTranslations("parts.further");
  const price = view.kind === "price" ? view : null;
  const article = view.kind === "article" ? view : null;
  return (
    <div className="space-y-6">
      <FurtherRead
        label={t("referencesLabel")}
        keep={{ oe, view: "references", normalized }}
        submit={t("referencesSubmit")}
      >
        <p className="text-sm text-slate-600 sm:col-span-3">
          {t.rich("referencesNote", { oe, code: (chunks) => <code>{chunks}</code> })}
        </p>
      </FurtherRead>
      <FurtherRead label={t("priceLabel")} keep={{ oe, view: "price" }} submit={t("priceSubmit")}>
        <SelectField
          name="condition"
          label={t("condition")}
          defaultValue={price?.condition ?? "used"}
          error={errors.condition}
          choices={partCondition.options}
        />
        <TextField
          name="currency"
          label={t("currency")}
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
        label={t("articleLabel")}
        keep={{ oe, view: "article" }}
        submit={t("articleSubmit")}
      >
        <SelectField
          choices={MARKETPLACE_IDS}
          name="marketplaceId"
          label={t("marketplace")}
          defaultValue={article?.marketplaceId ?? "MARKET_DE"}
          error={errors.marketplaceId}
        />
        <SelectField
          choices={seoLanguage.options}
          name="language"
          label={t("language")}
          defaultValue={article?.language ?? ""}
          error={errors.language}
        >
          <option value="">{t("marketplaceLanguage")}</option>
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
