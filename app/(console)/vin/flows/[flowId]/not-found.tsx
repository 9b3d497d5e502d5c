import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";

export default function FlowNotFound() {
  const t = useTranslations("vin.notFound");
  return (
    <Alert tone="warning" title={t("title")}>
      {t("body")}{" "}
      <Link href="/vin" className="underline">
        {t("start")}
      </Link>
    </Alert>
  );
}
