import { type ClusterHistoryPoint } from "@/lib/api/contract/intelligence";
import { formatDate } from "@/lib/format";

/**
 * A cluster's history: the opportunity score and the confidence value per point, with every
 * change of the cluster's version marked where it happened (points keep their own version).
 * Attributes only (CSP-safe); a point without a score leaves a gap rather than a zero.
 */
const W = 640;
const H = 220;
const PAD = { left: 36, right: 12, top: 16, bottom: 28 };

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

function path(values: (number | null)[], x: (i: number) => number, y: (v: number) => number) {
  let d = "";
  let open = false;
  values.forEach((v, i) => {
    if (v === null) {
      open = false;
      return;
    }
    d += `${open ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
    open = true;
  });
  return d;
}

export function HistoryChart({ points }: { points: ClusterHistoryPoint[] }) {
  if (points.length === 0)
    return (
      <p className="text-sm text-slate-600">
        No snapshots in this period. History is never backfilled or refreshed.
      </p>
    );
  const n = points.length;
  const x = (i: number) => PAD.left + (n === 1 ? 0.5 : i / (n - 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - v / 100) * (H - PAD.top - PAD.bottom);
  const opportunity = points.map((p) => p.scores.opportunity.value);
  const confidence = points.map((p) => p.confidence.value);
  const changes = versionChanges(points);
  const summary = `${n} points from ${formatDate(points[0]!.asOf)} to ${formatDate(points.at(-1)!.asOf)}; ${
    changes.length
      ? changes.map((c) => `version ${c.from} to ${c.to} on ${formatDate(c.at)}`).join(", ")
      : "no version change"
  }.`;
  return (
    <div className="space-y-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-label={summary}
        data-testid="history-chart"
      >
        {[0, 25, 50, 75, 100].map((v) => (
          <g key={v}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(v)}
              y2={y(v)}
              className="stroke-slate-200"
            />
            <text x={4} y={y(v) + 4} fontSize="11" className="fill-slate-500">
              {v}
            </text>
          </g>
        ))}
        {changes.map((c) => {
          const i = points.findIndex((p) => p.asOf === c.at);
          return (
            <g key={c.at} data-testid="version-change">
              <line
                x1={x(i)}
                x2={x(i)}
                y1={PAD.top}
                y2={H - PAD.bottom}
                className="stroke-violet-600"
                strokeDasharray="4 3"
                strokeWidth="1.5"
              />
              <text x={x(i) + 4} y={PAD.top + 10} fontSize="11" className="fill-violet-700">
                v{c.to}
              </text>
            </g>
          );
        })}
        <path
          d={path(confidence, x, y)}
          fill="none"
          className="stroke-slate-500"
          strokeWidth="1.5"
          strokeDasharray="6 4"
        />
        <path
          d={path(opportunity, x, y)}
          fill="none"
          className="stroke-sky-700"
          strokeWidth="2.5"
        />
        <text x={PAD.left} y={H - 8} fontSize="11" className="fill-slate-500">
          {formatDate(points[0]!.asOf)}
        </text>
        <text x={W - PAD.right} y={H - 8} fontSize="11" textAnchor="end" className="fill-slate-500">
          {formatDate(points.at(-1)!.asOf)}
        </text>
      </svg>
      <p className="text-xs text-slate-600">
        Solid line: opportunity score. Dashed line: confidence. Dashed vertical lines: a new cluster
        version from that point on.
      </p>
    </div>
  );
}
