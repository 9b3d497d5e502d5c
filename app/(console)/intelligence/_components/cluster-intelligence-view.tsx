import { Warnings } from "@/components/operations/coded-sentence";
import { UndocumentedShape } from "@/components/operations/outcome-card";
import { Link } from "@/components/ui/link";
import { type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { CopyableId } from "@/components/ui/copyable-id";
import { type Fact, Facts } from "@/components/ui/facts";
import { DataTable } from "@/components/ui/table";
import {
  type ClusterIntelligenceResponse,
  clusterIntelligenceResponse,
} from "@/lib/api/contract/intelligence";
import { formatDateTime, formatMinor } from "@/lib/format";
import { num, pct, words } from "../_lib/format";
import { PriceDistribution } from "./price-distribution";

/**
 * A cluster's market intelligence as the interface asks it to be read: the three evidence blocks
 * side by side and never mixed, prices as distributions, and every score only together with its
 * confidence, interval, factors and limitations.
 */
type R = ClusterIntelligenceResponse;

export const STATUS_TONE = {
  scored: "green",
  indicative: "amber",
  insufficient_evidence: "neutral",
} as const;
export const STATUS_LABEL = {
  scored: "Scored",
  indicative: "Indicative",
  insufficient_evidence: "Insufficient evidence",
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h2 className="text-sm font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function EvidenceBlock({
  title,
  note,
  available,
  rows,
}: {
  title: string;
  note: string;
  available: boolean | undefined;
  rows: Fact[];
}) {
  return (
    <section
      aria-label={title}
      data-testid="evidence-block"
      className="min-w-0 rounded-md border border-slate-200 p-3"
    >
      <h3 className="flex items-center justify-between gap-2 text-sm font-semibold">
        {title}
        <Badge tone={available ? "green" : "neutral"}>
          {available ? "Available" : "Not available"}
        </Badge>
      </h3>
      <p className="mb-2 text-xs text-slate-600">{note}</p>
      <Facts facts={rows} />
    </section>
  );
}

const latest = (at: string | null | undefined) => (at ? formatDateTime(at) : "—");

type EvidenceKey = "observedSupply" | "verifiedSales" | "internalUsage";

/** One kind of evidence as its block shows it: whether there is any, and its own figures. */
function evidenceKind<K extends EvidenceKey>(
  key: K,
  title: string,
  note: string,
  figures: (kind: R["evidence"][K]) => Fact[],
) {
  return {
    title,
    note,
    read: (evidence: R["evidence"]) => ({
      available: evidence[key].available,
      rows: figures(evidence[key]),
    }),
  };
}

/** The three kinds of evidence, in the order the interface names them, each with its own figures. */
const EVIDENCE_KINDS = [
  evidenceKind(
    "observedSupply",
    "Observed supply",
    "Active listings and their asking prices. Never counted as sales.",
    (s) => [
      ["Active listings", num(s.activeListingCount)],
      ["Sellers", num(s.distinctSellerCount)],
      ["Days observed", num(s.observationDayCount)],
      ["Sources", num(s.sourceCount)],
      ["Latest", latest(s.latestObservedAt)],
      ["Quality", num(s.qualityScore)],
    ],
  ),
  evidenceKind(
    "verifiedSales",
    "Verified sales",
    "Sales reported by the authorised dealer panel, with realised prices.",
    (s) => [
      ["Verified sales", num(s.verifiedSaleCount)],
      ["Effective sample", num(s.effectiveSampleSize)],
      ["Contributors", num(s.distinctContributorCount)],
      ["Mature cohorts", num(s.matureCohortCount)],
      ["Refund rate", pct(s.refundRate)],
      ["Latest sale", latest(s.latestSoldAt)],
    ],
  ),
  evidenceKind(
    "internalUsage",
    "Internal usage",
    "Look-ups and orders of this cluster by accounts of the service.",
    (u) => [
      ["Events", num(u.eventCount)],
      ["Weighted events", num(u.weightedEventCount)],
      ["Accounts", num(u.distinctAccountCount)],
      ["Latest", latest(u.latestEventAt)],
    ],
  ),
];

const BASIC_SCORES = [
  ["Demand", "demand"],
  ["Liquidity", "liquidity"],
  ["Competition", "competition"],
  ["Price confidence", "priceConfidence"],
] as const satisfies readonly (readonly [string, keyof R["scores"]])[];

export function ClusterIntelligenceView({ result }: { result: unknown }) {
  const parsed = clusterIntelligenceResponse.safeParse(result);
  if (!parsed.success) return <UndocumentedShape shownAs="market intelligence" />;
  const r = parsed.data;
  const { observedSupply: supply, verifiedSales: sales } = r.evidence;
  const o = r.scores.opportunity;
  const range = r.prices.recommendedRange;
  const money = (v: number | null | undefined) =>
    v === null || v === undefined ? "—" : formatMinor(v, r.scope.currency);
  const stale = r.warnings.some((w) => w.code === "stale_snapshot");
  return (
    <div className="space-y-6" data-testid="cluster-intelligence">
      <header className="space-y-2">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONE[r.status]}>{STATUS_LABEL[r.status]}</Badge>
          <span className="font-medium">{r.cluster.canonicalLabel}</span>
          <span className="text-sm text-slate-600">version {r.cluster.clusterVersion}</span>
        </p>
        <p className="text-sm text-slate-600">
          As of {formatDateTime(r.asOf)}, valid until {formatDateTime(r.validUntil)}
          {stale ? " (past its validity)" : ""} · {r.scope.marketCountry}, {r.scope.currency},{" "}
          {r.scope.condition}, {r.scope.windowDays} days
        </p>
        <p className="text-sm">
          <Link
            className="underline"
            href={`/intelligence/clusters/${r.cluster.clusterId}?marketCountry=${r.scope.marketCountry}&currency=${r.scope.currency}&condition=${r.scope.condition}&windowDays=${r.scope.windowDays}`}
          >
            Cluster page and history
          </Link>
        </p>
      </header>

      <Warnings warnings={r.warnings} />

      <Section title="Cluster identity">
        <Facts
          facts={[
            ["Cluster", <CopyableId key="id" id={r.cluster.clusterId} kind="cluster id" />],
            ["Version", r.cluster.clusterVersion],
            ["Identity confidence", `${r.cluster.identityConfidence} / 100`],
            ["Vehicle types (kType)", r.cluster.dimensions.kTypes.join(", ") || "—"],
            ["National codes", r.cluster.dimensions.natCodes.join(", ") || "—"],
            ["Generic articles", r.cluster.dimensions.genArts.join(", ") || "—"],
          ]}
        />
        <DataTable
          caption="Identifiers of the cluster"
          columns={["Scheme", "Value", "Manufacturer", "Role", "Confidence"]}
          rows={r.cluster.identifiers}
          keyOf={(i) => `${i.scheme}|${i.value}|${i.manufacturer}`}
          cells={(i) => [i.scheme, i.value, i.manufacturer ?? "—", words(i.role), i.confidence]}
          empty="No identifiers."
        />
      </Section>

      <Section title="Evidence">
        <div className="grid gap-3 lg:grid-cols-3">
          {EVIDENCE_KINDS.map(({ title, note, read }) => (
            <EvidenceBlock key={title} title={title} note={note} {...read(r.evidence)} />
          ))}
        </div>
      </Section>

      <Section title="Prices">
        <PriceDistribution
          currency={r.scope.currency}
          rows={[
            { label: "Asking prices (observed listings)", summary: supply.askingPrice ?? null },
            { label: "Realised prices (verified sales)", summary: sales.realizedPrice ?? null },
          ]}
          range={
            range.available
              ? {
                  floor: range.floorMinor!,
                  target: range.targetMinor!,
                  ceiling: range.ceilingMinor!,
                }
              : null
          }
        />
        <Facts
          facts={[
            [
              "Market price",
              r.prices.marketPrice.available
                ? `${money(r.prices.marketPrice.amountMinor)} (${words(r.prices.marketPrice.basis ?? "")})`
                : "Not available",
            ],
            [
              "Recommended range",
              range.available ? (
                <span key="range">
                  {money(range.floorMinor)} – {money(range.targetMinor)} –{" "}
                  {money(range.ceilingMinor)}{" "}
                  <Badge tone={range.publishable ? "green" : "amber"}>
                    {range.publishable ? "Publishable" : "Not publishable"}
                  </Badge>
                </span>
              ) : (
                "Not available"
              ),
            ],
          ]}
        />
      </Section>

      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Standtime">
          {r.standtime.available ? (
            <Facts
              facts={[
                ["Expected days", num(r.standtime.expectedDays)],
                [
                  "Median / 80th percentile",
                  `${num(r.standtime.p50Days)} / ${num(r.standtime.p80Days)} days`,
                ],
                [
                  "Sold within 30 / 60 / 90 days",
                  `${pct(r.standtime.saleProbability?.p30)} / ${pct(r.standtime.saleProbability?.p60)} / ${pct(r.standtime.saleProbability?.p90)}`,
                ],
                ["Events / censored", `${num(r.standtime.events)} / ${num(r.standtime.censored)}`],
                ["Method", words(r.standtime.method ?? "")],
                ["Confidence", num(r.standtime.confidence)],
              ]}
            />
          ) : (
            <p className="text-sm text-slate-600">Not available ({words(r.standtime.status)}).</p>
          )}
        </Section>
        <Section title="Trend">
          {r.trend.available ? (
            <Facts
              facts={[
                ["Direction", r.trend.direction ?? "—"],
                [
                  "Change over 30 days",
                  `${num(r.trend.change30dPct, " %")} (interval ${num(r.trend.interval30dPct?.low, " %")} to ${num(r.trend.interval30dPct?.high, " %")})`,
                ],
                ["Probability of a rise", pct(r.trend.probabilityPositive)],
                ["Time buckets", num(r.trend.timeBuckets)],
                ["Method", words(r.trend.method ?? "")],
                ["Confidence", num(r.trend.confidence)],
              ]}
            />
          ) : (
            <p className="text-sm text-slate-600">Not available ({words(r.trend.status)}).</p>
          )}
        </Section>
      </div>

      <Section title="Scores">
        <DataTable
          caption="Scores with their confidence and explanation"
          rowHeaders
          columns={["Score", "Value", "Confidence", "Status", "Explanation"]}
          rows={BASIC_SCORES}
          keyOf={([name]) => name}
          empty="No scores."
          cells={([name, key]) => {
            const score = r.scores[key];
            return [
              name,
              num(score.value),
              num(score.confidence as number | null),
              words(score.status),
              <span key="why" className="text-slate-600">
                {score.explanation}
              </span>,
            ];
          }}
        />
        <div className="rounded-md border border-slate-200 p-3" data-testid="opportunity-score">
          <h3 className="text-sm font-semibold">Opportunity</h3>
          {o.value === null ? (
            <p className="text-sm text-slate-600">
              No opportunity score: {words(o.status)}. It is never shown without its evidence.
            </p>
          ) : (
            <Facts
              facts={[
                ["Score", `${o.value} / 100`],
                ["Posterior mean", num(o.posteriorMean)],
                [
                  "Interval",
                  `${num(o.interval.low)} to ${num(o.interval.high)} (${o.interval.calibrated ? "calibrated" : "not calibrated"}, ${words(o.interval.method)})`,
                ],
                ["Confidence", num(o.confidence as number | null)],
                ["Status", words(o.status)],
              ]}
            />
          )}
          <DataTable
            caption="Factors of the opportunity score"
            columns={["Factor", "Value", "Weight", "Contribution", "Evidence"]}
            rows={o.factors}
            keyOf={(f) => f.name}
            cells={(f) => [
              words(f.name),
              num(f.value),
              f.weight,
              num(f.contribution),
              words(String(f.evidence ?? "")),
            ]}
            empty="No factors."
          />
          {o.limitations.length ? (
            <>
              <h4 className="mt-2 text-sm font-medium">Limitations</h4>
              <ul className="list-disc pl-5 text-sm text-slate-700">
                {o.limitations.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </Section>

      <Section title="Confidence">
        <Facts
          facts={[
            [
              "Level",
              `${r.confidence.level}${r.confidence.publishable ? " (publishable)" : " (not publishable)"}`,
            ],
            ["Value", num(r.confidence.value)],
            [
              "Effective sample / contributors",
              `${num(r.confidence.effectiveSampleSize)} / ${num(r.confidence.contributorCount)}`,
            ],
            ["Days observed", num(r.confidence.observationDays)],
          ]}
        />
        <ListOf
          title="Caps"
          items={r.confidence.caps.map((c) => {
            const cap = c as {
              code?: string;
              maxLevel?: string;
              reason?: string;
              binding?: boolean;
            };
            return `${cap.reason ?? words(cap.code ?? "")} At most ${cap.maxLevel ?? "?"}${cap.binding ? " (binding)" : ""}.`;
          })}
          none="No cap applies."
        />
        <ListOf
          title="Missing evidence"
          items={r.confidence.missingEvidence.map((m) => {
            const miss = m as { evidenceClass?: string; reason?: string };
            return `${words(miss.evidenceClass ?? "")}: ${words(miss.reason ?? "")}`;
          })}
          none="Nothing missing."
        />
      </Section>

      <Section title="Provenance">
        <Facts
          facts={[
            ["Cluster version", r.provenance.clusterVersion],
            ["Clustering model", r.provenance.clusteringModelVersion],
            ["Intelligence model", r.provenance.intelligenceModelVersion],
            ["Score version", r.provenance.scoreVersion],
            ["Snapshot", <CopyableId key="s" id={r.provenance.snapshotId} kind="snapshot id" />],
            ["Restated", r.provenance.restated ? "Yes" : "No"],
            [
              "Source cut-offs",
              `observed supply ${formatDateTime(r.provenance.sourceCutoffs.observedSupply)}, verified sales ${formatDateTime(r.provenance.sourceCutoffs.verifiedSales)}, internal usage ${formatDateTime(r.provenance.sourceCutoffs.internalUsage)}`,
            ],
            ["Request", <CopyableId key="r" id={r.requestId} kind="request id" />],
          ]}
        />
      </Section>
      <p className="text-xs text-slate-500">
        Derived data, not a guarantee: prices and scores are estimates from the evidence shown and
        are not binding.
      </p>
    </div>
  );
}

function ListOf({ title, items, none }: { title: string; items: string[]; none: string }) {
  return (
    <div>
      <h3 className="text-sm font-medium">{title}</h3>
      {items.length ? (
        <ul className="list-disc pl-5 text-sm text-slate-700">
          {items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{none}</p>
      )}
    </div>
  );
}
