"use client";

import { useTranslations } from "next-intl";
import { Alert } from "./alert";
import { Button } from "./button";

/** What a route boundary shows: nothing was changed, a reference to quote, and a retry. */
export function ErrorNotice({
  error,
  reset,
  title,
}: {
  error: Error & { digest?: string };
  reset: () => void;
  title: string;
}) {
  const t = useTranslations("errors.notice");
  return (
    <div className="space-y-4">
      <Alert tone="danger" title={title}>
        {t("text")}
        {error.digest ? ` ${t("reference", { digest: error.digest })}` : ""}
      </Alert>
      <Button onClick={reset}>{t("retry")}</Button>
    </div>
  );
}
