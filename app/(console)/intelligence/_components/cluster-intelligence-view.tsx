import { useTranslations } from "next-intl";
import { Warnings } from "@/components/operations/coded-sentence";
import { UndocumentedShape } from "@/components/operations/outcome-card";
import { Link } from "@/components/ui/link";
import { type ReactNode } from "react";
import { type Messages } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { CopyableId } from "@/components/ui/copyable-id";
import { type Fact, Facts } from "@/components/ui/facts";
import { DataTable } from "@/components/ui/table";
import {
  type ClusterIntelligenceResponse,
  clusterIntelligenceResponse,
} from "@/lib/api/contract/intelligence";
import { num, pct, words } from "../_lib/format";
import { PriceDistribution } from "./price-distribution";
import { useFormats } from "@/components/i18n/formats-provider";
import type { Formats } from "@/lib/i18n/formats";

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
// Each status is worded by `intelligence.status.<status>`.
type ClusterT = ReturnType<typeof useTranslations<"intelligence.cluster">>;

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
  const t = useTranslations("intelligence.cluster");
  return (
    <section
      aria-label={title}
      data-testid="evidence-block"
      className="min-w-0 rounded-md border border-slate-200 p-3"
    >
      <h3 className="flex items-center justify-between gap-2 text-sm font-semibold">
        {title}
        <Badge tone={available ? "green" : "neutral"}>
          {available ? t("available") : t("notAvailable")}
        </Badge>
      </h3>
      <p className="mb-2 text-xs text-slate-600">{note}</p>
      <Facts facts={rows} />
    </section>
  );
}

const latest = (formats: Formats, at: string | null | undefined) =>
  at ? formats.dateTime(at) : "—";

type EvidenceKey = "observedSupply" | "verifiedSales" | "internalUsage";
type FigureKey = keyof Messages["intelligence"]["cluster"]["figures"];

/**
 * One kind of evidence as its block shows it: whether there is any, and its own figures (each
 * labelled by `intelligence.cluster.figures.<key>`); its title and note are
 * `intelligence.cluster.kinds.<key>`.
 */
function evidenceKind<K extends EvidenceKey>(
  key: K,
  figures: (kind: R["evidence"][K], formats: Formats) => [FigureKey, ReactNode][],
) {
  return {
    key,
    read: (evidence: R["evidence"], t: ClusterT, formats: Formats) => ({
      available: evidence[key].available,
      rows: figures(evidence[key], formats).map(([label, value]): Fact => [
        t(`figures.${label}`),
        value,
      ]),
    }),
  };
}

/** The three kinds of evidence, in the order the interface names them, each with its own figures. */
const EVIDENCE_KINDS = [
  evidenceKind("observedSupply", (s, formats) => [
    ["activeListings", num(s.activeListingCount)],
    ["sellers", num(s.distinctSellerCount)],
    ["daysObserved", num(s.observationDayCount)],
    ["sources", num(s.sourceCount)],
    ["latest", latest(formats, s.latestObservedAt)],
    ["quality", num(s.qualityScore)],
  ]),
  evidenceKind("verifiedSales", (s, formats) => [
    ["verifiedSales", num(s.verifiedSaleCount)],
    ["effectiveSample", num(s.effectiveSampleSize)],
    ["contributors", num(s.distinctContributorCount)],
    ["matureCohorts", num(s.matureCohortCount)],
    ["refundRate", pct(s.refundRate)],
    ["latestSale", latest(formats, s.latestSoldAt)],
  ]),
  evidenceKind("internalUsage", (u, formats) => [
    ["events", num(u.eventCount)],
    ["weightedEvents", num(u.weightedEventCount)],
    ["accounts", num(u.distinctAccountCount)],
    ["latest", latest(formats, u.latestEventAt)],
  ]),
];

/** The basic scores, each named by `intelligence.cluster.basicScores.<key>`. */
const BASIC_SCORES = [
  "demand",
  "liquidity",
  "competition",
  "priceConfidence",
] as const satisfies readonly (keyof R["scores"])[];

export function ClusterIntelligenceView({ result }: { result: unknown }) {
  const formats = useFormats();
  const t = useTranslations("intelligence.cluster");
  const status = useTranslations("intelligence.status");
  const parsed = clusterIntelligenceResponse.safeParse(result);
  if (!parsed.success) return <UndocumentedShape shownAs={t("shownAs")} />;
  const r = parsed.data;
  const { observedSupply: supply, verifiedSales: sales } = r.evidence;
  const o = r.scores.opportunity;
  const range = r.prices.recommendedRange;
  const money = (v: number | null | undefined) =>
    v === null || v === undefined ? "—" : formats.money(v, r.scope.currency);
  const stale = r.warnings.some((w) => w.code === "stale_snapshot");
  return (
    <div className="space-y-6" data-testid="cluster-intelligence">
      <header className="space-y-2">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONE[r.status]}>{status(r.status)}</Badge>
          <span className="font-medium">{r.cluster.canonicalLabel}</span>
          <span className="text-sm text-slate-600">
            {t("version", { version: String(r.cluster.clusterVersion) })}
          </span>
        </p>
        <p className="text-sm text-slate-600">
          {t("asOf", {
            asOf: formats.dateTime(r.asOf),
            validUntil: formats.dateTime(r.validUntil),
            stale: stale ? t("stale") : "",
            country: r.scope.marketCountry,
            currency: r.scope.currency,
            condition: r.scope.condition,
            days: String(r.scope.windowDays),
          })}
        </p>
        <p className="text-sm">
          <Link
            className="underline"
            href={`/intelligence/clusters/${r.cluster.clusterId}?marketCountry=${r.scope.marketCountry}&currency=${r.scope.currency}&condition=${r.scope.condition}&windowDays=${r.scope.windowDays}`}
          >
            {t("clusterPage")}
          </Link>
        </p>
      </header>

      <Warnings warnings={r.warnings} />

      <Section title={t("identity")}>
        <Facts
          facts={[
            [
              t("identityFacts.cluster"),
              <CopyableId key="id" id={r.cluster.clusterId} kind="cluster id" />,
            ],
            [t("identityFacts.version"), r.cluster.clusterVersion],
            [t("identityFacts.identityConfidence"), `${r.cluster.identityConfidence} / 100`],
            [t("identityFacts.kTypes"), r.cluster.dimensions.kTypes.join(", ") || "—"],
            [t("identityFacts.natCodes"), r.cluster.dimensions.natCodes.join(", ") || "—"],
            [t("identityFacts.genArts"), r.cluster.dimensions.genArts.join(", ") || "—"],
          ]}
        />
        <DataTable
          caption={t("identifiersCaption")}
          columns={[
            t("identifiersColumns.scheme"),
            t("identifiersColumns.value"),
            t("identifiersColumns.manufacturer"),
            t("identifiersColumns.role"),
            t("identifiersColumns.confidence"),
          ]}
          rows={r.cluster.identifiers}
          keyOf={(i) => `${i.scheme}|${i.value}|${i.manufacturer}`}
          cells={(i) => [i.scheme, i.value, i.manufacturer ?? "—", words(i.role), i.confidence]}
          empty={t("noIdentifiers")}
        />
      </Section>

      <Section title={t("evidence")}>
        <div className="grid gap-3 lg:grid-cols-3">
          {EVIDENCE_KINDS.map(({ key, read }) => (
            <EvidenceBlock
              key={key}
              title={t(`kinds.${key}.title`)}
              note={t(`kinds.${key}.note`)}
              {...read(r.evidence, t, formats)}
            />
          ))}
        </div>
      </Section>

      <Section title={t("prices")}>
        <PriceDistribution
          currency={r.scope.currency}
          rows={[
            { label: t("asking"), summary: supply.askingPrice ?? null },
            { label: t("realised"), summary: sales.realizedPrice ?? null },
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
              t("marketPrice"),
              r.prices.marketPrice.available
                ? `${money(r.prices.marketPrice.amountMinor)} (${words(r.prices.marketPrice.basis ?? "")})`
                : t("notAvailable"),
            ],
            [
              t("recommendedRange"),
              range.available ? (
                <span key="range">
                  {money(range.floorMinor)} – {money(range.targetMinor)} –{" "}
                  {money(range.ceilingMinor)}{" "}
                  <Badge tone={range.publishable ? "green" : "amber"}>
                    {range.publishable ? t("publishable") : t("notPublishable")}
                  </Badge>
                </span>
              ) : (
                t("notAvailable")
              ),
            ],
          ]}
        />
      </Section>

      <div className="grid gap-6 md:grid-cols-2">
        <Section title={t("standtime")}>
          {r.standtime.available ? (
            <Facts
              facts={[
                [t("expectedDays"), num(r.standtime.expectedDays)],
                [
                  t("medianP80"),
                  t("medianP80Value", {
                    p50: num(r.standtime.p50Days),
                    p80: num(r.standtime.p80Days),
                  }),
                ],
                [
                  t("soldWithin"),
                  `${pct(r.standtime.saleProbability?.p30)} / ${pct(r.standtime.saleProbability?.p60)} / ${pct(r.standtime.saleProbability?.p90)}`,
                ],
                [t("eventsCensored"), `${num(r.standtime.events)} / ${num(r.standtime.censored)}`],
                [t("method"), words(r.standtime.method ?? "")],
                [t("confidence"), num(r.standtime.confidence)],
              ]}
            />
          ) : (
            <p className="text-sm text-slate-600">
              {t("notAvailableBecause", { status: words(r.standtime.status) })}
            </p>
          )}
        </Section>
        <Section title={t("trend")}>
          {r.trend.available ? (
            <Facts
              facts={[
                [t("direction"), r.trend.direction ?? "—"],
                [
                  t("change30"),
                  t("change30Value", {
                    change: num(r.trend.change30dPct, " %"),
                    low: num(r.trend.interval30dPct?.low, " %"),
                    high: num(r.trend.interval30dPct?.high, " %"),
                  }),
                ],
                [t("probabilityRise"), pct(r.trend.probabilityPositive)],
                [t("timeBuckets"), num(r.trend.timeBuckets)],
                [t("method"), words(r.trend.method ?? "")],
                [t("confidence"), num(r.trend.confidence)],
              ]}
            />
          ) : (
            <p className="text-sm text-slate-600">
              {t("notAvailableBecause", { status: words(r.trend.status) })}
            </p>
          )}
        </Section>
      </div>

      <Section title={t("scores")}>
        <DataTable
          caption={t("scoresCaption")}
          rowHeaders
          columns={[
            t("scoresColumns.score"),
            t("scoresColumns.value"),
            t("scoresColumns.confidence"),
            t("scoresColumns.status"),
            t("scoresColumns.explanation"),
          ]}
          rows={BASIC_SCORES}
          keyOf={(key) => key}
          empty={t("noScores")}
          cells={(key) => {
            const score = r.scores[key];
            return [
              t(`basicScores.${key}`),
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
          <h3 className="text-sm font-semibold">{t("opportunity")}</h3>
          {o.value === null ? (
            <p className="text-sm text-slate-600">
              {t("noOpportunity", { status: words(o.status) })}
            </p>
          ) : (
            <Facts
              facts={[
                [t("score"), `${o.value} / 100`],
                [t("posteriorMean"), num(o.posteriorMean)],
                [
                  t("interval"),
                  t("intervalValue", {
                    low: num(o.interval.low),
                    high: num(o.interval.high),
                    calibrated: o.interval.calibrated ? "yes" : "no",
                    method: words(o.interval.method),
                  }),
                ],
                [t("confidence"), num(o.confidence as number | null)],
                [t("status"), words(o.status)],
              ]}
            />
          )}
          <DataTable
            caption={t("factorsCaption")}
            columns={[
              t("factorsColumns.factor"),
              t("factorsColumns.value"),
              t("factorsColumns.weight"),
              t("factorsColumns.contribution"),
              t("factorsColumns.evidence"),
            ]}
            rows={o.factors}
            keyOf={(f) => f.name}
            cells={(f) => [
              words(f.name),
              num(f.value),
              f.weight,
              num(f.contribution),
              words(String(f.evidence ?? "")),
            ]}
            empty={t("noFactors")}
          />
          {o.limitations.length ? (
            <>
              <h4 className="mt-2 text-sm font-medium">{t("limitations")}</h4>
              <ul className="list-disc pl-5 text-sm text-slate-700">
                {o.limitations.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </Section>

      <Section title={t("confidenceSection")}>
        <Facts
          facts={[
            [
              t("level"),
              t("levelValue", {
                level: r.confidence.level,
                publishable: r.confidence.publishable ? "yes" : "no",
              }),
            ],
            [t("value"), num(r.confidence.value)],
            [
              t("sampleContributors"),
              `${num(r.confidence.effectiveSampleSize)} / ${num(r.confidence.contributorCount)}`,
            ],
            [t("figures.daysObserved"), num(r.confidence.observationDays)],
          ]}
        />
        <ListOf
          title={t("caps")}
          items={r.confidence.caps.map((c) => {
            const cap = c as {
              code?: string;
              maxLevel?: string;
              reason?: string;
              binding?: boolean;
            };
            return t("cap", {
              reason: cap.reason ?? words(cap.code ?? ""),
              maxLevel: cap.maxLevel ?? "?",
              binding: cap.binding ? "yes" : "no",
            });
          })}
          none={t("noCap")}
        />
        <ListOf
          title={t("missingEvidence")}
          items={r.confidence.missingEvidence.map((m) => {
            const miss = m as { evidenceClass?: string; reason?: string };
            return `${words(miss.evidenceClass ?? "")}: ${words(miss.reason ?? "")}`;
          })}
          none={t("nothingMissing")}
        />
      </Section>

      <Section title={t("provenance")}>
        <Facts
          facts={[
            [t("provenanceFacts.clusterVersion"), r.provenance.clusterVersion],
            [t("provenanceFacts.clusteringModel"), r.provenance.clusteringModelVersion],
            [t("provenanceFacts.intelligenceModel"), r.provenance.intelligenceModelVersion],
            [t("provenanceFacts.scoreVersion"), r.provenance.scoreVersion],
            [
              t("provenanceFacts.snapshot"),
              <CopyableId key="s" id={r.provenance.snapshotId} kind="snapshot id" />,
            ],
            [t("provenanceFacts.restated"), r.provenance.restated ? t("yes") : t("no")],
            [
              t("provenanceFacts.cutoffs"),
              t("cutoffsValue", {
                observed: formats.dateTime(r.provenance.sourceCutoffs.observedSupply),
                sales: formats.dateTime(r.provenance.sourceCutoffs.verifiedSales),
                usage: formats.dateTime(r.provenance.sourceCutoffs.internalUsage),
              }),
            ],
            [
              t("provenanceFacts.request"),
              <CopyableId key="r" id={r.requestId} kind="request id" />,
            ],
          ]}
        />
      </Section>
      <p className="text-xs text-slate-500">{t("caveat")}</p>
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
