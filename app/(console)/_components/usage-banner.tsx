import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { activeUsageWarnings } from "@/lib/store/usage-warnings";
import { dismissUsageWarningsAction } from "../actions";

/** The usage warnings the service sent (`X-Service-Usage-Warning`), until dismissed. */
export async function UsageBanner({ clientId }: { clientId: string }) {
  const warnings = await activeUsageWarnings(clientId);
  if (warnings.length === 0) return null;
  const t = await getTranslations("layout.usageBanner");
  return (
    <div role="region" aria-label={t("label")} className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-6xl items-start justify-between gap-4 px-6 py-3 text-sm text-amber-900">
        <div>
          <p className="font-semibold">{t("heading")}</p>
          <ul className="mt-1 list-disc pl-5">
            {/* The service's own words (the contract's human text, English), quoted as sent. */}
            {warnings.map((w) => (
              <li key={w.text} lang="en">
                {w.text}
              </li>
            ))}
          </ul>
        </div>
        <form action={dismissUsageWarningsAction}>
          <Button type="submit" variant="ghost">
            {t("dismiss")}
          </Button>
        </form>
      </div>
    </div>
  );
}
