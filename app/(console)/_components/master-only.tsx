import { Link } from "@/components/ui/link";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";

/** What a Sub-user sees at a Master-only address (the navigation never offers it). */
export function MasterOnly() {
  const t = useTranslations("nav.masterOnly");
  return (
    <Alert tone="warning" title={t("title")}>
      {t("text")}{" "}
      <Link href="/" className="underline">
        {t("back")}
      </Link>
    </Alert>
  );
}
