import { Warnings } from "@/components/operations/coded-sentence";
import { UndocumentedShape } from "@/components/operations/outcome-card";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/table";
import { vinEconomicIntelligenceResult } from "@/lib/api/contract/intelligence";
import { formatMinor } from "@/lib/format";
import { pct, words } from "../_lib/format";

/**
 * A VIN Economic Intelligence result: the risk-adjusted portfolio and every candidate, those left
 * out as visibly as those included, each with its cluster and version.
 */
export function VinEconomicView({ result }: { result: unknown }) {
  const parsed = vinEconomicIntelligenceResult.safeParse(result);
  if (!parsed.success) return <UndocumentedShape shownAs="an evaluation" />;
  const r = parsed.data;
  const currency = r.scope?.currency ?? "EUR";
  const money = (v: number | null | undefined) => formatMinor(v, currency);
  const { portfolio, confidence, pipeline } = r;
  const omitted = pipeline.omittedInsufficientCandidates ?? [];
  const excluded = r.candidates.filter((c) => !c.included);
  return (
    <div className="space-y-5" data-testid="vin-economic-result">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Risk-adjusted value</dt>
          <dd className="text-lg font-semibold">{money(portfolio.riskAdjustedValueMinor)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Expected revenue</dt>
          <dd className="text-lg font-semibold">{money(portfolio.expectedRevenueMinor)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Candidates in the portfolio</dt>
          <dd className="text-lg font-semibold">
            {portfolio.includedCount ?? 0} of {r.candidates.length}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Confidence</dt>
          <dd className="text-lg font-semibold">
            {confidence.level ?? "—"}
            {confidence.publishable === false ? " (not publishable)" : ""}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600">
        {r.vin ? `VIN ${r.vin}. ` : ""}
        {r.scope
          ? `${r.scope.marketCountry}, ${r.scope.currency}, ${r.scope.condition}, ${r.scope.windowDays} days, minimum evidence ${r.scope.minimumEvidence}, as of ${r.scope.asOf}. `
          : ""}
        Value = expected price × probability of selling within 90 days × (1 − refund rate) ×
        confidence.
      </p>
      <Warnings warnings={r.warnings} />
      <DataTable
        caption="Candidates"
        columns={[
          "#",
          "Part",
          "Cluster (version)",
          "In portfolio",
          "Evidence",
          "Opportunity",
          "Expected price",
          "Sold in 90 days",
          "Value",
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
              Included
            </Badge>
          ) : (
            <Badge key="i" tone="amber">
              Excluded: {words(c.exclusionReason)}
            </Badge>
          ),
          `${words(c.status)}${c.confidenceLevel ? ` (${c.confidenceLevel})` : ""}`,
          c.opportunityScore ?? "—",
          money(c.expectedPriceMinor),
          pct(c.saleProbability90),
          money(c.riskAdjustedValueMinor),
        ]}
        empty="No candidate: the vehicle's parts resolved to no cluster."
      />
      {excluded.length ? (
        <p className="text-sm text-slate-700">
          {excluded.length} candidate{excluded.length === 1 ? " is" : "s are"} listed but left out
          of the portfolio, with the reason.
        </p>
      ) : null}
      {omitted.length ? (
        <section aria-label="Insufficient candidates not listed" className="text-sm">
          <h2 className="font-semibold">Insufficient candidates not listed</h2>
          <p className="text-slate-600">
            Left out because the evaluation did not ask for insufficient candidates:
          </p>
          <ul className="list-disc pl-5">
            {omitted.map((o) => (
              <li key={o.clusterId}>
                <code className="break-all">{o.clusterId}</code> (v{o.clusterVersion})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {pipeline.stages?.length ? (
        <section aria-label="Pipeline" className="text-sm">
          <h2 className="font-semibold">Pipeline</h2>
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
      <p className="text-xs text-slate-500">
        Derived data, not a guarantee: values are estimates and not binding price statements.
      </p>
    </div>
  );
}
