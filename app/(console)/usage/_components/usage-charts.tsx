import { getTranslations } from "next-intl/server";
import { type DayPoint } from "@/lib/usage/usage-series";
import {
  Axis,
  Chart,
  linePath,
  niceMax,
  plotFrame,
  plotHeight,
  plotWidth,
  verticalScale,
} from "@/components/ui/chart";
import { DataTable } from "@/components/ui/table";
import { getFormats } from "@/lib/i18n/formats-server";

/*
 * Each chart is readable without colour (values in text, lines told apart by dash pattern and
 * label) and has its figures as a table beside it for screen readers.
 */

const FRAME = plotFrame(640, 180, { top: 16, right: 12, bottom: 24, left: 48 });

/** The value axis from 0 to `max`, and about six days labelled under their bars. */
async function DayAxes({
  points,
  max,
  format,
}: {
  points: DayPoint[];
  max: number;
  format: (n: number) => string;
}) {
  const formats = await getFormats();
  const f = FRAME;
  const step = plotWidth(f) / points.length;
  const every = Math.max(1, Math.ceil(points.length / 6));
  return (
    <>
      <Axis
        frame={f}
        side="left"
        ticks={[
          { at: f.top + plotHeight(f), label: "0", line: "base" },
          { at: f.top, label: format(max), line: "dashed" },
        ]}
      />
      <Axis
        frame={f}
        side="bottom"
        ticks={points.flatMap((p, i) =>
          i % every === 0 || i === points.length - 1
            ? [{ at: f.left + step * (i + 0.5), label: formats.dayOfYear(p.day) }]
            : [],
        )}
      />
    </>
  );
}

/** The series drawn as bars per day: what each shows, and its test id. */
const DAILY_SERIES = {
  calls: { title: "callsPerDay", value: (p: DayPoint) => p.calls, testId: "chart-daily-calls" },
  charges: {
    title: "chargesPerDay",
    value: (p: DayPoint) => p.chargedMinor,
    testId: "chart-daily-charges",
  },
} as const;

/** Bars per day in a captioned figure; a day without a reading is an outlined gap, never a zero bar. */
async function DailyBars({
  series,
  points,
  endpointKey,
  format,
}: {
  series: keyof typeof DAILY_SERIES;
  points: DayPoint[];
  endpointKey: string;
  format: (n: number) => string;
}) {
  const formats = await getFormats();
  const t = await getTranslations("usage.charts");
  const { title: titleKey, value, testId } = DAILY_SERIES[series];
  const title = t(titleKey);
  const label = t("seriesFor", { title, key: endpointKey });
  const f = FRAME;
  const values = points.map(value);
  const max = niceMax(Math.max(0, ...values.map((v) => v ?? 0)));
  const step = plotWidth(f) / points.length;
  const baseline = f.top + plotHeight(f);
  const known = values.filter((v): v is number => v !== null);
  const total = known.reduce((a, b) => a + b, 0);
  const summary = known.length
    ? t("summary", {
        label,
        total: format(total),
        days: known.length,
        highest: format(Math.max(...known)),
      })
    : t("summaryNone", { label });
  return (
    <figure>
      <figcaption className="mb-1 text-sm font-semibold">
        {title}
        {series === "calls" ? (
          <>
            {" "}
            · <code>{endpointKey}</code>
          </>
        ) : null}
      </figcaption>
      <Chart frame={f} summary={summary} testId={testId}>
        <DayAxes points={points} max={max} format={format} />
        {points.map((p, i) => {
          const v = values[i] ?? null;
          const bar = { x: f.left + step * i + step * 0.15, width: Math.max(1, step * 0.7) };
          if (v === null)
            return (
              <rect
                key={p.day}
                {...bar}
                y={baseline - 4}
                height={4}
                className="fill-none stroke-slate-400"
                strokeDasharray="2 2"
                data-day={p.day}
                data-value="none"
              >
                <title>{t("noReadingDay", { day: formats.dayOfYear(p.day) })}</title>
              </rect>
            );
          const height = Math.round((v / max) * plotHeight(f));
          return (
            <rect
              key={p.day}
              {...bar}
              y={baseline - height}
              height={Math.max(height, v > 0 ? 1 : 0)}
              className="fill-brand-600"
              data-day={p.day}
              data-value={v}
            >
              <title>
                {t("dayValue", { day: formats.dayOfYear(p.day), value: format(v) }) +
                  (p.spanDays > 1 ? t("overDays", { days: p.spanDays }) : "")}
              </title>
            </rect>
          );
        })}
      </Chart>
    </figure>
  );
}

/** Month-to-date calls against the included quantity, with the 90 percent line. */
async function MonthToDate({ points }: { points: DayPoint[] }) {
  const formats = await getFormats();
  const t = await getTranslations("usage.charts");
  const f = FRAME;
  const included = points.findLast((p) => p.included !== null)?.included ?? null;
  const peak = Math.max(0, ...points.map((p) => p.monthToDate ?? 0));
  const max = niceMax(Math.max(peak, included ?? 0));
  const step = plotWidth(f) / points.length;
  const x = (i: number) => f.left + step * (i + 0.5);
  const y = verticalScale(f, max);
  const last = points.findLast((p) => p.monthToDate !== null);
  const summary =
    last?.monthToDate == null
      ? t("monthToDateNone")
      : included
        ? t("monthToDateIncluded", {
            calls: formats.count(last.monthToDate),
            included: formats.count(included),
            percent: Math.floor((last.monthToDate / included) * 100),
            day: formats.dayOfYear(last.day),
          })
        : t("monthToDateNoQuota", {
            calls: formats.count(last.monthToDate),
            day: formats.dayOfYear(last.day),
          });
  const references = included
    ? [
        {
          value: included,
          label: t("included", { included: formats.count(included) }),
          dy: -4,
          dash: "6 4",
        },
        { value: included * 0.9, label: t("ninety"), dy: 12, dash: "1 3", warn: true },
      ]
    : [];
  return (
    <Chart frame={f} summary={summary} testId="chart-month-to-date">
      <DayAxes points={points} max={max} format={formats.count} />
      {references.map((r) => (
        <g key={r.label} className="text-[11px]">
          <line
            x1={f.left}
            x2={f.width - f.right}
            y1={y(r.value)}
            y2={y(r.value)}
            className={r.warn ? "stroke-amber-700" : "stroke-slate-700"}
            strokeDasharray={r.dash}
          />
          <text
            x={f.width - f.right}
            y={y(r.value) + r.dy}
            textAnchor="end"
            className={r.warn ? "fill-amber-800" : "fill-slate-700"}
          >
            {r.label}
          </text>
        </g>
      ))}
      <path
        d={linePath(
          points.map((p) => p.monthToDate),
          x,
          y,
        )}
        className="fill-none stroke-brand-600"
        strokeWidth="2"
      />
      {points.map((p, i) =>
        p.monthToDate === null ? null : (
          <circle key={p.day} cx={x(i)} cy={y(p.monthToDate)} r="2.5" className="fill-brand-600">
            <title>
              {t("thisMonth", {
                day: formats.dayOfYear(p.day),
                calls: formats.count(p.monthToDate),
              })}
            </title>
          </circle>
        ),
      )}
    </Chart>
  );
}

/** Daily calls, month to date against the plan, and charges of one endpoint key. */
export async function UsageCharts({
  endpointKey,
  points,
  currency,
}: {
  endpointKey: string;
  points: DayPoint[];
  currency: string;
}) {
  const formats = await getFormats();
  const t = await getTranslations("usage.charts");
  const money = (n: number) => formats.money(n, currency);
  return (
    <div className="space-y-6">
      <DailyBars series="calls" points={points} endpointKey={endpointKey} format={formats.count} />
      <figure>
        <figcaption className="mb-1 text-sm font-semibold">{t("monthToDateCaption")}</figcaption>
        <MonthToDate points={points} />
      </figure>
      <DailyBars series="charges" points={points} endpointKey={endpointKey} format={money} />
      <details>
        <summary className="cursor-pointer text-sm text-brand-700 underline">
          {t("asTable")}
        </summary>
        <div className="mt-2" data-testid="usage-history-table">
          <DataTable
            caption={t("tableCaption", { key: endpointKey })}
            columns={[
              t("columns.day"),
              t("columns.calls"),
              t("columns.monthToDate"),
              t("columns.included"),
              t("columns.charges"),
            ]}
            rows={points}
            keyOf={(p) => p.day}
            empty={t("empty")}
            cells={(p) => [
              formats.day(p.day),
              p.calls === null
                ? t("noReading")
                : formats.count(p.calls) +
                  (p.spanDays > 1 ? t("overDays", { days: p.spanDays }) : ""),
              p.monthToDate === null ? "—" : formats.count(p.monthToDate),
              p.included === null ? "—" : formats.count(p.included),
              p.chargedMinor === null ? "—" : money(p.chargedMinor),
            ]}
          />
        </div>
      </details>
    </div>
  );
}
