"use client";

import { useTranslations } from "next-intl";
import { ErrorNotice } from "@/components/ui/error-notice";

export default function ConsoleError(props: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations("errors");
  return <ErrorNotice {...props} title={t("pageNotLoaded")} />;
}
