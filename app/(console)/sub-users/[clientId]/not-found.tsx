import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";

export default function SubUserNotFound() {
  const t = useTranslations("subUsers.notFound");
  return (
    <Alert tone="warning" title={t("title")}>
      {t("text")}{" "}
      <Link href="/sub-users" className="underline">
        {t("back")}
      </Link>
    </Alert>
  );
}
