import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";

export default function JobNotFound() {
  const t = useTranslations("jobs.notFound");
  return (
    <Alert tone="warning" title={t("title")}>
      {t("body")}{" "}
      <Link href="/jobs" className="underline">
        {t("recent")}
      </Link>
    </Alert>
  );
}
