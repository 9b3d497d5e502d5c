import { type DayPoint } from "@/lib/usage/usage-series";
import { formatCount, formatDate, formatMinor } from "@/lib/format";
import { DataTable } from "@/components/ui/table";

/*
 * Charts drawn as SVG with presentation attributes and classes only: the console's CSP allows
 * no inline styles. Each chart is readable without colour (values in text, lines told apart by
 * dash pattern and label) and has its figures as a table beside it for screen readers.
 */

const W = 640;
const H = 180;
const PAD = { top: 16, right: 12, bottom: 24, left: 48 };
const plotW = W - PAD.left - PAD.right;
const plotH = H - PAD.top - PAD.bottom;

const shortDay = (day: string) => formatDate(`${day}T00:00:00Z`).replace(/ \d{4}$/, "");

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

function Axis({ max, format }: { max: number; format: (n: number) => string }) {
  return (
    <g className="fill-slate-600 text-[11px]">
      <line
        x1={PAD.left}
        x2={W - PAD.right}
        y1={PAD.top + plotH}
        y2={PAD.top + plotH}
        className="stroke-slate-400"
      />
      <line
        x1={PAD.left}
        x2={W - PAD.right}
        y1={PAD.top}
        y2={PAD.top}
        className="stroke-slate-200"
        strokeDasharray="2 3"
      />
      <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end">
        {format(max)}
      </text>
      <text x={PAD.left - 6} y={PAD.top + plotH} textAnchor="end">
        0
      </text>
    </g>
  );
}

function DayLabels({ points }: { points: DayPoint[] }) {
  const step = plotW / points.length;
  const every = Math.max(1, Math.ceil(points.length / 6));
  return (
    <g className="fill-slate-600 text-[11px]">
      {points.map((p, i) =>
        i % every === 0 || i === points.length - 1 ? (
          <text key={p.day} x={PAD.left + step * (i + 0.5)} y={H - 6} textAnchor="middle">
            {shortDay(p.day)}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** Bars per day; a day without a reading is an outlined gap, never a zero bar. */
function DailyBars({
  points,
  value,
  format,
  label,
  testId,
}: {
  points: DayPoint[];
  value: (p: DayPoint) => number | null;
  format: (n: number) => string;
  label: string;
  testId: string;
}) {
  const values = points.map(value);
  const max = niceMax(Math.max(0, ...values.map((v) => v ?? 0)));
  const step = plotW / points.length;
  const known = values.filter((v): v is number => v !== null);
  const total = known.reduce((a, b) => a + b, 0);
  const summary = known.length
    ? `${label}: ${format(total)} over ${known.length} days with readings, highest ${format(Math.max(...known))} in a day.`
    : `${label}: no day has a reading yet.`;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      role="img"
      aria-label={summary}
      data-testid={testId}
    >
      <Axis max={max} format={format} />
      {points.map((p, i) => {
        const v = values[i] ?? null;
        const x = PAD.left + step * i + step * 0.15;
        const width = Math.max(1, step * 0.7);
        if (v === null)
          return (
            <rect
              key={p.day}
              x={x}
              y={PAD.top + plotH - 4}
              width={width}
              height={4}
              className="fill-none stroke-slate-400"
              strokeDasharray="2 2"
              data-day={p.day}
              data-value="none"
            >
              <title>{`${shortDay(p.day)}: no reading`}</title>
            </rect>
          );
        const height = Math.round((v / max) * plotH);
        return (
          <rect
            key={p.day}
            x={x}
            y={PAD.top + plotH - height}
            width={width}
            height={Math.max(height, v > 0 ? 1 : 0)}
            className="fill-brand-600"
            data-day={p.day}
            data-value={v}
          >
            <title>{`${shortDay(p.day)}: ${format(v)}${p.spanDays > 1 ? ` (over ${p.spanDays} days)` : ""}`}</title>
          </rect>
        );
      })}
      <DayLabels points={points} />
    </svg>
  );
}

/** Month-to-date calls against the included quantity, with the 90 percent line. */
function MonthToDate({ points }: { points: DayPoint[] }) {
  const included = points.findLast((p) => p.included !== null)?.included ?? null;
  const peak = Math.max(0, ...points.map((p) => p.monthToDate ?? 0));
  const max = niceMax(Math.max(peak, included ?? 0));
  const step = plotW / points.length;
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const segments: string[][] = [];
  let current: string[] = [];
  points.forEach((p, i) => {
    if (p.monthToDate === null) {
      if (current.length) segments.push(current);
      current = [];
      return;
    }
    current.push(`${(PAD.left + step * (i + 0.5)).toFixed(1)},${y(p.monthToDate).toFixed(1)}`);
  });
  if (current.length) segments.push(current);
  const last = points.findLast((p) => p.monthToDate !== null);
  const summary =
    last?.monthToDate == null
      ? "Month to date: no reading yet."
      : included
        ? `Month to date: ${formatCount(last.monthToDate)} of ${formatCount(included)} included calls (${Math.floor((last.monthToDate / included) * 100)} percent) on ${shortDay(last.day)}.`
        : `Month to date: ${formatCount(last.monthToDate)} calls on ${shortDay(last.day)}; no included quantity.`;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      role="img"
      aria-label={summary}
      data-testid="chart-month-to-date"
    >
      <Axis max={max} format={formatCount} />
      {included ? (
        <g className="text-[11px]">
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={y(included)}
            y2={y(included)}
            className="stroke-slate-700"
            strokeDasharray="6 4"
          />
          <text x={W - PAD.right} y={y(included) - 4} textAnchor="end" className="fill-slate-700">
            included {formatCount(included)}
          </text>
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={y(included * 0.9)}
            y2={y(included * 0.9)}
            className="stroke-amber-700"
            strokeDasharray="1 3"
          />
          <text
            x={W - PAD.right}
            y={y(included * 0.9) + 12}
            textAnchor="end"
            className="fill-amber-800"
          >
            90 percent
          </text>
        </g>
      ) : null}
      {segments.map((s) => (
        <polyline
          key={s[0]}
          points={s.join(" ")}
          className="fill-none stroke-brand-600"
          strokeWidth="2"
        />
      ))}
      {points.map((p, i) =>
        p.monthToDate === null ? null : (
          <circle
            key={p.day}
            cx={PAD.left + step * (i + 0.5)}
            cy={y(p.monthToDate)}
            r="2.5"
            className="fill-brand-600"
          >
            <title>{`${shortDay(p.day)}: ${formatCount(p.monthToDate)} this month`}</title>
          </circle>
        ),
      )}
      <DayLabels points={points} />
    </svg>
  );
}

/** Daily calls, month to date against the plan, and charges of one endpoint key. */
export function UsageCharts({
  endpointKey,
  points,
  currency,
}: {
  endpointKey: string;
  points: DayPoint[];
  currency: string;
}) {
  const money = (n: number) => formatMinor(n, currency);
  return (
    <div className="space-y-6">
      <figure>
        <figcaption className="mb-1 text-sm font-semibold">
          Calls per day · <code>{endpointKey}</code>
        </figcaption>
        <DailyBars
          points={points}
          value={(p) => p.calls}
          format={formatCount}
          label={`Calls per day for ${endpointKey}`}
          testId="chart-daily-calls"
        />
      </figure>
      <figure>
        <figcaption className="mb-1 text-sm font-semibold">
          Month to date against the included quantity
        </figcaption>
        <MonthToDate points={points} />
      </figure>
      <figure>
        <figcaption className="mb-1 text-sm font-semibold">Charges per day</figcaption>
        <DailyBars
          points={points}
          value={(p) => p.chargedMinor}
          format={money}
          label={`Charges per day for ${endpointKey}`}
          testId="chart-daily-charges"
        />
      </figure>
      <details>
        <summary className="cursor-pointer text-sm text-brand-700 underline">
          The figures as a table
        </summary>
        <div className="mt-2" data-testid="usage-history-table">
          <DataTable
            caption={`Daily figures for ${endpointKey}`}
            columns={["Day", "Calls", "Month to date", "Included", "Charges"]}
            rows={points}
            keyOf={(p) => p.day}
            empty="No day in this range."
            cells={(p) => [
              formatDate(`${p.day}T00:00:00Z`),
              p.calls === null
                ? "no reading"
                : `${formatCount(p.calls)}${p.spanDays > 1 ? ` (over ${p.spanDays} days)` : ""}`,
              p.monthToDate === null ? "—" : formatCount(p.monthToDate),
              p.included === null ? "—" : formatCount(p.included),
              p.chargedMinor === null ? "—" : money(p.chargedMinor),
            ]}
          />
        </div>
      </details>
    </div>
  );
}
