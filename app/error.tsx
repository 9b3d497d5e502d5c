"use client";

import { useTranslations } from "next-intl";
import { ErrorNotice } from "@/components/ui/error-notice";

export default function RootError(props: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations("errors");
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl p-8">
      <ErrorNotice {...props} title={t("somethingWrong")} />
    </main>
  );
}
