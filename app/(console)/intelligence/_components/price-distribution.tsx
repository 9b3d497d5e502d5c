import { useTranslations } from "next-intl";
import { Axis, Chart, horizontalScale, plotFrame } from "@/components/ui/chart";
import { DataTable } from "@/components/ui/table";
import { useFormats } from "@/components/i18n/formats-provider";

/**
 * Price distributions (p10 to p90 whiskers, p25 to p75 box, the median as a line) on one shared
 * scale, with the recommended range marked beneath, and the figures as a table beside it.
 */
export interface PriceSummary {
  sampleSize: number;
  p10Minor: number;
  p25Minor: number;
  p50Minor: number;
  p75Minor: number;
  p90Minor: number;
}

const ROW = 44;
const AXIS = 22;
const BOX_TONE = ["fill-sky-200 stroke-sky-700", "fill-emerald-200 stroke-emerald-700"];

type Shown = { label: string; summary: PriceSummary };

export function PriceDistribution({
  currency,
  rows,
  range,
}: {
  currency: string;
  rows: { label: string; summary: PriceSummary | null }[];
  range: { floor: number; target: number; ceiling: number } | null;
}) {
  const formats = useFormats();
  const t = useTranslations("intelligence.prices");
  const shown = rows.filter((r): r is Shown => r.summary !== null);
  if (shown.length === 0) return <p className="text-sm text-slate-600">{t("none")}</p>;
  const values = shown.flatMap((r) => [r.summary.p10Minor, r.summary.p90Minor]);
  if (range) values.push(range.floor, range.ceiling);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const rangeTop = shown.length * ROW;
  const f = plotFrame(640, rangeTop + (range ? ROW : 0) + 8 + AXIS, {
    left: 8,
    right: 8,
    top: 0,
    bottom: AXIS,
  });
  const x = horizontalScale(f, lo, hi);
  const money = (v: number) => formats.money(v, currency);
  const summary = shown
    .map((r) =>
      t("summary", {
        label: r.label,
        p10: money(r.summary.p10Minor),
        p50: money(r.summary.p50Minor),
        p90: money(r.summary.p90Minor),
      }),
    )
    .join("; ");
  return (
    <div className="space-y-2">
      <Chart frame={f} summary={summary} testId="price-distribution">
        <Axis
          frame={f}
          side="bottom"
          ticks={[
            { at: x(lo), label: money(lo), anchor: "start", line: "grid" },
            { at: x(hi), label: money(hi), anchor: "end", line: "grid" },
          ]}
        />
        {shown.map((r, i) => {
          const y = i * ROW + 24;
          const s = r.summary;
          const [p10, p90] = [x(s.p10Minor), x(s.p90Minor)];
          return (
            <g key={r.label}>
              <text x={f.left} y={y - 12} fontSize="12" className="fill-slate-600">
                {r.label} ({s.sampleSize})
              </text>
              <path
                d={`M${p10},${y + 8}H${p90}M${p10},${y + 2}V${y + 14}M${p90},${y + 2}V${y + 14}`}
                fill="none"
                className="stroke-slate-500"
                strokeWidth="1.5"
              />
              <rect
                x={x(s.p25Minor)}
                y={y}
                width={Math.max(1, x(s.p75Minor) - x(s.p25Minor))}
                height="16"
                className={BOX_TONE[i % BOX_TONE.length]}
              />
              <line
                x1={x(s.p50Minor)}
                x2={x(s.p50Minor)}
                y1={y - 2}
                y2={y + 18}
                className="stroke-slate-900"
                strokeWidth="2.5"
              />
            </g>
          );
        })}
        {range ? (
          <g>
            <text x={f.left} y={rangeTop + 12} fontSize="12" className="fill-slate-600">
              {t("recommendedRange")}
            </text>
            <line
              x1={x(range.floor)}
              x2={x(range.ceiling)}
              y1={rangeTop + 26}
              y2={rangeTop + 26}
              className="stroke-amber-600"
              strokeWidth="6"
              strokeDasharray="8 3"
            />
            <circle cx={x(range.target)} cy={rangeTop + 26} r="6" className="fill-amber-700" />
          </g>
        ) : null}
      </Chart>
      <DataTable
        caption={t("caption")}
        testId="price-percentiles"
        rowHeaders
        columns={[
          t("columns.prices"),
          t("columns.p10"),
          t("columns.p25"),
          t("columns.median"),
          t("columns.p75"),
          t("columns.p90"),
          t("columns.sample"),
        ]}
        rows={shown}
        keyOf={(r) => r.label}
        empty={t("noEvidence")}
        cells={({ label, summary: s }) => [
          label,
          ...[s.p10Minor, s.p25Minor, s.p50Minor, s.p75Minor, s.p90Minor].map(money),
          s.sampleSize,
        ]}
      />
    </div>
  );
}
