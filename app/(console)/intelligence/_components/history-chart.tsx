import { getTranslations } from "next-intl/server";
import { Axis, Chart, linePath, plotFrame, verticalScale } from "@/components/ui/chart";
import { type ClusterHistoryPoint } from "@/lib/api/contract/intelligence";
import { getFormats } from "@/lib/i18n/formats-server";

/**
 * A cluster's history: the opportunity score and the confidence value per point, with every
 * change of the cluster's version marked where it happened (points keep their own version).
 * A point without a score leaves a gap rather than a zero.
 */
const FRAME = plotFrame(640, 220, { left: 36, right: 12, top: 16, bottom: 28 });

export interface VersionChange {
  at: string;
  from: number;
  to: number;
}

export function versionChanges(points: ClusterHistoryPoint[]): VersionChange[] {
  const out: VersionChange[] = [];
  for (let i = 1; i < points.length; i++) {
    const prev = points[i - 1]!;
    const cur = points[i]!;
    if (cur.clusterVersion !== prev.clusterVersion)
      out.push({ at: cur.asOf, from: prev.clusterVersion, to: cur.clusterVersion });
  }
  return out;
}

export async function HistoryChart({ points }: { points: ClusterHistoryPoint[] }) {
  const formats = await getFormats();
  const t = await getTranslations("intelligence.history");
  if (points.length === 0) return <p className="text-sm text-slate-600">{t("none")}</p>;
  const f = FRAME;
  const n = points.length;
  const x = (i: number) => f.left + (n === 1 ? 0.5 : i / (n - 1)) * (f.width - f.left - f.right);
  const y = verticalScale(f, 100);
  const opportunity = points.map((p) => p.scores.opportunity.value);
  const confidence = points.map((p) => p.confidence.value);
  const changes = versionChanges(points);
  const first = formats.date(points[0]!.asOf);
  const last = formats.date(points.at(-1)!.asOf);
  const summary = t("summary", {
    count: String(n),
    first,
    last,
    changes: changes.length
      ? changes
          .map((c) =>
            t("change", { from: String(c.from), to: String(c.to), at: formats.date(c.at) }),
          )
          .join(", ")
      : t("noChange"),
  });
  return (
    <div className="space-y-2">
      <Chart frame={f} summary={summary} testId="history-chart">
        <Axis
          frame={f}
          side="left"
          ticks={[0, 25, 50, 75, 100].map((v) => ({ at: y(v), label: String(v), line: "grid" }))}
        />
        {changes.map((c) => {
          const i = points.findIndex((p) => p.asOf === c.at);
          return (
            <g key={c.at} data-testid="version-change">
              <line
                x1={x(i)}
                x2={x(i)}
                y1={f.top}
                y2={f.height - f.bottom}
                className="stroke-violet-600"
                strokeDasharray="4 3"
                strokeWidth="1.5"
              />
              <text x={x(i) + 4} y={f.top + 10} fontSize="11" className="fill-violet-700">
                {`v${c.to}` /* a version, as the service numbers it */}
              </text>
            </g>
          );
        })}
        <path
          d={linePath(confidence, x, y)}
          fill="none"
          className="stroke-slate-500"
          strokeWidth="1.5"
          strokeDasharray="6 4"
        />
        <path
          d={linePath(opportunity, x, y)}
          fill="none"
          className="stroke-sky-700"
          strokeWidth="2.5"
        />
        <Axis
          frame={f}
          side="bottom"
          ticks={[
            { at: f.left, label: first, anchor: "start" },
            { at: f.width - f.right, label: last, anchor: "end" },
          ]}
        />
      </Chart>
      <p className="text-xs text-slate-600">{t("legend")}</p>
    </div>
  );
}
