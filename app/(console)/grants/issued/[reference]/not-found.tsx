import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";

export default function GrantNotFound() {
  const t = useTranslations("grants.notFound");
  return (
    <Alert tone="warning" title={t("title")}>
      {t("text")}{" "}
      <Link href="/grants" className="underline">
        {t("back")}
      </Link>
    </Alert>
  );
}
