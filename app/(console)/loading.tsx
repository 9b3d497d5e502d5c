import { useTranslations } from "next-intl";
import { Spinner } from "@/components/ui/spinner";

export default function Loading() {
  const t = useTranslations("errors");
  return <Spinner label={t("loading")} />;
}
