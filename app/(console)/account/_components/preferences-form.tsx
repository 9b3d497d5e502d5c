"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { type z } from "zod";
import { ActionForm } from "@/components/forms/action-form";
import { FormSelect } from "@/components/forms/form-fields";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { type Format, FORMATS } from "@/lib/i18n/formats";
import { type Language, LANGUAGES } from "@/lib/i18n/languages";
import { preferencesInput } from "@/lib/i18n/preferences-input";
import { savePreferencesAction } from "../actions";

/** Each language in its own words: whoever cannot read the page still finds theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { en: "English", de: "Deutsch" };

export function PreferencesForm({
  chosen,
  examples,
  timeZones,
  browserTimeZone,
  offered,
}: {
  chosen: { language: string; format: string; timeZone: string };
  /** Each format's way of writing an amount and a day, in the person's time zone. */
  examples: Record<Format, string>;
  timeZones: readonly string[];
  browserTimeZone: string;
  /** The languages whose message files cover every page; the others are marked a preview. */
  offered: readonly Language[];
}) {
  const t = useTranslations("account.preferences");
  const router = useRouter();
  const form = useForm<
    z.input<typeof preferencesInput>,
    unknown,
    z.output<typeof preferencesInput>
  >({
    resolver: zodResolver(preferencesInput, { error: humanIssue }),
    defaultValues: chosen as z.input<typeof preferencesInput>,
  });
  const run = useActionSubmit(form, (values) => savePreferencesAction(values), {
    onSuccess: () => {
      router.refresh();
      return { tone: "success", text: t("saved") };
    },
  });
  return (
    <ActionForm label={t("form")} run={run} button={[t("submit"), t("pending")]}>
      <FormSelect
        of={form}
        name="language"
        label={t("language")}
        choices={[
          ["", t("browserLanguage")],
          ...LANGUAGES.map(
            (l) =>
              [
                l,
                offered.includes(l)
                  ? LANGUAGE_NAMES[l]
                  : t("preview", { language: LANGUAGE_NAMES[l] }),
              ] as const,
          ),
        ]}
      />
      <FormSelect
        of={form}
        name="format"
        label={t("format")}
        choices={[
          ["", t("browserFormat")],
          ...FORMATS.map(
            (f) =>
              [
                f,
                t("formatChoice", { name: t(`formatNames.${f}`), example: examples[f] }),
              ] as const,
          ),
        ]}
      />
      <FormSelect
        of={form}
        name="timeZone"
        label={t("timeZone")}
        choices={[["", t("browserTimeZone", { zone: browserTimeZone })], ...timeZones]}
      />
    </ActionForm>
  );
}
