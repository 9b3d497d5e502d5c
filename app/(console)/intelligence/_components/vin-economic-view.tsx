import { useTranslations } from "next-intl";
import { Warnings } from "@/components/operations/coded-sentence";
import { UndocumentedShape } from "@/components/operations/outcome-card";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/table";
import { vinEconomicIntelligenceResult } from "@/lib/api/contract/intelligence";
import { pct, words } from "../_lib/format";
import { useFormats } from "@/components/i18n/formats-provider";

/**
 * A VIN Economic Intelligence result: the risk-adjusted portfolio and every candidate, those left
 * out as visibly as those included, each with its cluster and version.
 */
export function VinEconomicView({ result }: { result: unknown }) {
  const formats = useFormats();
  const t = useTranslations("intelligence.vinResult");
  const parsed = vinEconomicIntelligenceResult.safeParse(result);
  if (!parsed.success) return <UndocumentedShape shownAs={t("shownAs")} />;
  const r = parsed.data;
  const currency = r.scope?.currency ?? "EUR";
  const money = (v: number | null | undefined) => formats.money(v, currency);
  const { portfolio, confidence, pipeline } = r;
  const omitted = pipeline.omittedInsufficientCandidates ?? [];
  const excluded = r.candidates.filter((c) => !c.included);
  return (
    <div className="space-y-5" data-testid="vin-economic-result">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">{t("riskAdjusted")}</dt>
          <dd className="text-lg font-semibold">{money(portfolio.riskAdjustedValueMinor)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("expectedRevenue")}</dt>
          <dd className="text-lg font-semibold">{money(portfolio.expectedRevenueMinor)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("inPortfolio")}</dt>
          <dd className="text-lg font-semibold">
            {t("inPortfolioValue", {
              included: String(portfolio.includedCount ?? 0),
              total: String(r.candidates.length),
            })}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("confidence")}</dt>
          <dd className="text-lg font-semibold">
            {confidence.level ?? "—"}
            {confidence.publishable === false ? t("notPublishable") : ""}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600">
        {r.vin ? t("vin", { vin: r.vin }) : ""}
        {r.scope
          ? t("scope", {
              country: r.scope.marketCountry,
              currency: r.scope.currency,
              condition: r.scope.condition,
              days: String(r.scope.windowDays),
              minimum: r.scope.minimumEvidence,
              asOf: r.scope.asOf,
            })
          : ""}
        {t("formula")}
      </p>
      <Warnings warnings={r.warnings} />
      <DataTable
        caption={t("caption")}
        columns={[
          t("columns.index"),
          t("columns.part"),
          t("columns.cluster"),
          t("columns.inPortfolio"),
          t("columns.evidence"),
          t("columns.opportunity"),
          t("columns.expectedPrice"),
          t("columns.sold90"),
          t("columns.value"),
        ]}
        rows={r.candidates}
        keyOf={(c) => c.clusterId}
        rowTestId="vin-candidate"
        cells={(c) => [
          c.rank ?? "",
          c.label ?? c.oeNumber ?? "",
          <span key="c" className="break-all">
            <code>{c.clusterId}</code> (v{c.clusterVersion})
          </span>,
          c.included ? (
            <Badge key="i" tone="green">
              {t("included")}
            </Badge>
          ) : (
            <Badge key="i" tone="amber">
              {t("excluded", { reason: words(c.exclusionReason) })}
            </Badge>
          ),
          `${words(c.status)}${c.confidenceLevel ? ` (${c.confidenceLevel})` : ""}`,
          c.opportunityScore ?? "—",
          money(c.expectedPriceMinor),
          pct(c.saleProbability90),
          money(c.riskAdjustedValueMinor),
        ]}
        empty={t("empty")}
      />
      {excluded.length ? (
        <p className="text-sm text-slate-700">{t("excludedCount", { count: excluded.length })}</p>
      ) : null}
      {omitted.length ? (
        <section aria-label={t("omitted")} className="text-sm">
          <h2 className="font-semibold">{t("omitted")}</h2>
          <p className="text-slate-600">{t("omittedIntro")}</p>
          <ul className="list-disc pl-5">
            {omitted.map((o) => (
              <li key={o.clusterId}>
                {/* eslint-disable-next-line i18next/no-literal-string -- a cluster's id and version, as the service names them */}
                <code className="break-all">{o.clusterId}</code> (v{o.clusterVersion})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {pipeline.stages?.length ? (
        <section aria-label={t("pipeline")} className="text-sm">
          <h2 className="font-semibold">{t("pipeline")}</h2>
          <ol className="list-decimal pl-5">
            {pipeline.stages.map((s) => (
              <li key={s.name}>
                {words(s.name)}: {s.status}
                {Object.entries(s)
                  .filter(([k]) => k !== "name" && k !== "status")
                  .map(([k, v]) => `, ${words(k)} ${String(v)}`)
                  .join("")}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <p className="text-xs text-slate-500">{t("caveat")}</p>
    </div>
  );
}
