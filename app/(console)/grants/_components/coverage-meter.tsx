import { getTranslations } from "next-intl/server";
import { type SponsorshipGrant } from "@/lib/api/contract/client-admin";
import { getFormats } from "@/lib/i18n/formats-server";

/** What a grant covered this month against its cap; "unknown" when the service does not say, never zero. */
export async function CoverageMeter({ grant }: { grant: SponsorshipGrant }) {
  const formats = await getFormats();
  const t = await getTranslations("grants.coverage");
  const currency = grant.currency ?? "EUR";
  const cap = grant.monthlyCapMinor ?? null;
  const coverage = grant.coverage;
  if (!coverage) {
    return (
      <span className="text-slate-500" data-testid="coverage">
        {t("unknown")}
        {cap !== null ? t("cap", { cap: formats.money(cap, currency) }) : ""}
      </span>
    );
  }
  const covered = coverage.coveredAmountMinor;
  if (cap === null) {
    return (
      <span data-testid="coverage">
        {t("noCap", { covered: formats.money(covered, currency), calls: coverage.coveredCalls })}
      </span>
    );
  }
  const share = cap === 0 ? 1 : covered / cap;
  const width = 120;
  return (
    <span className="inline-flex items-center gap-2" data-testid="coverage">
      <svg
        width={width}
        height="8"
        role="img"
        aria-label={t("percent", { percent: Math.round(share * 100) })}
      >
        <rect width={width} height="8" rx="3" fill="#e2e8f0" />
        <rect
          width={Math.min(width, Math.round(share * width))}
          height="8"
          rx="3"
          fill={share >= 1 ? "#b91c1c" : share >= 0.9 ? "#b45309" : "#1d5fa8"}
        />
      </svg>
      <span>
        {t("ofCap", {
          covered: formats.money(covered, currency),
          cap: formats.money(cap, currency),
          calls: coverage.coveredCalls,
        })}
        {share >= 1 ? t("capReached") : ""}
      </span>
    </span>
  );
}
