import { ScrollRegion } from "@/components/ui/table";
import { formatMinor } from "@/lib/format";

/**
 * Price distributions (p10 to p90 whiskers, p25 to p75 box, the median as a line) on one shared
 * scale, with the recommended range marked beneath: an SVG of attributes only (no inline style,
 * so the page's CSP holds), and the figures as text beside it.
 */
export interface PriceSummary {
  sampleSize: number;
  p10Minor: number;
  p25Minor: number;
  p50Minor: number;
  p75Minor: number;
  p90Minor: number;
}

const W = 640;
const LEFT = 8;
const RIGHT = 8;
const ROW = 44;

export function PriceDistribution({
  currency,
  rows,
  range,
}: {
  currency: string;
  rows: { label: string; summary: PriceSummary | null }[];
  range: { floor: number; target: number; ceiling: number } | null;
}) {
  const shown = rows.filter(
    (r): r is { label: string; summary: PriceSummary } => r.summary !== null,
  );
  if (shown.length === 0)
    return <p className="text-sm text-slate-600">No price evidence: no distribution to show.</p>;
  const values = shown.flatMap((r) => [r.summary.p10Minor, r.summary.p90Minor]);
  if (range) values.push(range.floor, range.ceiling);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = Math.max(1, hi - lo);
  const x = (v: number) => LEFT + ((v - lo) / span) * (W - LEFT - RIGHT);
  const height = shown.length * ROW + (range ? ROW : 0) + 8;
  const money = (v: number) => formatMinor(v, currency);
  const summary = shown
    .map(
      (r) =>
        `${r.label}: p10 ${money(r.summary.p10Minor)}, median ${money(r.summary.p50Minor)}, p90 ${money(r.summary.p90Minor)}`,
    )
    .join("; ");
  return (
    <div className="space-y-2">
      <svg
        viewBox={`0 0 ${W} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-label={summary}
        data-testid="price-distribution"
      >
        {shown.map((r, i) => {
          const y = i * ROW + 24;
          const s = r.summary;
          return (
            <g key={r.label}>
              <text x={LEFT} y={y - 12} fontSize="12" className="fill-slate-600">
                {r.label} ({s.sampleSize})
              </text>
              <line
                x1={x(s.p10Minor)}
                x2={x(s.p90Minor)}
                y1={y + 8}
                y2={y + 8}
                className="stroke-slate-500"
                strokeWidth="1.5"
              />
              <line
                x1={x(s.p10Minor)}
                x2={x(s.p10Minor)}
                y1={y + 2}
                y2={y + 14}
                className="stroke-slate-500"
                strokeWidth="1.5"
              />
              <line
                x1={x(s.p90Minor)}
                x2={x(s.p90Minor)}
                y1={y + 2}
                y2={y + 14}
                className="stroke-slate-500"
                strokeWidth="1.5"
              />
              <rect
                x={x(s.p25Minor)}
                y={y}
                width={Math.max(1, x(s.p75Minor) - x(s.p25Minor))}
                height="16"
                className={
                  i === 0 ? "fill-sky-200 stroke-sky-700" : "fill-emerald-200 stroke-emerald-700"
                }
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
            <text x={LEFT} y={shown.length * ROW + 12} fontSize="12" className="fill-slate-600">
              Recommended range
            </text>
            <line
              x1={x(range.floor)}
              x2={x(range.ceiling)}
              y1={shown.length * ROW + 26}
              y2={shown.length * ROW + 26}
              className="stroke-amber-600"
              strokeWidth="6"
              strokeDasharray="8 3"
            />
            <circle
              cx={x(range.target)}
              cy={shown.length * ROW + 26}
              r="6"
              className="fill-amber-700"
            />
          </g>
        ) : null}
      </svg>
      <ScrollRegion label="Price percentiles">
        <table className="w-full text-left text-sm" data-testid="price-percentiles">
          <caption className="sr-only">Price percentiles</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Prices
              </th>
              <th scope="col" className="py-1 pr-3">
                p10
              </th>
              <th scope="col" className="py-1 pr-3">
                p25
              </th>
              <th scope="col" className="py-1 pr-3">
                Median
              </th>
              <th scope="col" className="py-1 pr-3">
                p75
              </th>
              <th scope="col" className="py-1 pr-3">
                p90
              </th>
              <th scope="col" className="py-1 pr-3">
                Sample
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.label} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {r.label}
                </th>
                <td className="py-1 pr-3">{money(r.summary.p10Minor)}</td>
                <td className="py-1 pr-3">{money(r.summary.p25Minor)}</td>
                <td className="py-1 pr-3">{money(r.summary.p50Minor)}</td>
                <td className="py-1 pr-3">{money(r.summary.p75Minor)}</td>
                <td className="py-1 pr-3">{money(r.summary.p90Minor)}</td>
                <td className="py-1 pr-3">{r.summary.sampleSize}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
