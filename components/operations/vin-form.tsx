import { useTranslations } from "next-intl";
import { AddressForm } from "@/components/ui/address-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";

/**
 * A full VIN sent in the address of `action` (`?vin=`): the page that reads it refuses a bad one
 * with the contract's message next to the field, and the field keeps what was typed.
 */
export function VinForm({
  action,
  label,
  submitLabel,
  asked,
  error,
  primary = false,
}: {
  action: string;
  label: string;
  submitLabel: string;
  /** The `vin` of the page's address, kept in the field as typed. */
  asked?: string | string[];
  error?: string;
  primary?: boolean;
}) {
  const t = useTranslations("operations.vinForm");
  return (
    <AddressForm action={action} label={label} layout="row">
      <TextField
        name="vin"
        label={t("label")}
        defaultValue={typeof asked === "string" ? asked : ""}
        error={error}
        autoComplete="off"
        spellCheck={false}
        wrapperClassName="min-w-64"
      />
      <Button type="submit" variant={primary ? "primary" : "secondary"}>
        {submitLabel}
      </Button>
    </AddressForm>
  );
}
