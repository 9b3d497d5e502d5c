import { useTranslations } from "next-intl";
import { Link } from "@/components/ui/link";

export default function NotFound() {
  const t = useTranslations("errors.notFound");
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl p-8">
      <h1 className="text-xl font-semibold">{t("heading")}</h1>
      <p className="mt-2 text-slate-600">{t("text")}</p>
      <Link className="mt-4 inline-block text-brand-600 underline" href="/">
        {t("back")}
      </Link>
    </main>
  );
}
