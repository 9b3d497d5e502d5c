"use client";

import { useTranslations } from "next-intl";
import { useFormats } from "@/components/i18n/formats-provider";
import { fieldErrorWords } from "@/lib/validation/field-error";

/**
 * A field's error in the reader's language: one the console worded (`fieldError`) from the
 * message files, its numbers in the reader's formats; any other text (the service's own words)
 * as it came.
 */
export function FieldErrorText({ error }: { error: string }) {
  const t = useTranslations("fieldErrors");
  const formats = useFormats();
  return fieldErrorWords(error, t, formats.count);
}
