import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { DataTable } from "@/components/ui/table";
import { z } from "zod";
import { idParam, listHref, oneOf, readListParams, type SearchParams } from "@/lib/list-params";
import { usageHistory, usageMonthsOf } from "@/lib/usage/usage-readings";
import {
  busiestEndpointKey,
  dailySeries,
  endpointKeysOf,
  monthlyTotals,
} from "@/lib/usage/usage-series";
import { UsageCharts } from "./usage-charts";
import { getFormats } from "@/lib/i18n/formats-server";

const DAY_MS = 86_400_000;
/** Two years of billing periods and the current one: a month beside the same month last year. */
const MONTHS_SHOWN = 25;
export const historyParams = z.object({
  key: idParam,
  days: oneOf(["30", "90"], "30"),
});

/**
 * The usage of one Client over time, from the readings this console stored: pick an endpoint
 * key and a range (both in the address), then daily calls, month to date and charges, and the
 * totals of each billing period (kept when the readings themselves age out).
 */
export async function UsageHistory({
  clientId,
  path,
  searchParams,
  currency,
  extraParams = {},
}: {
  clientId: string;
  path: string;
  searchParams: SearchParams;
  currency: string;
  extraParams?: Record<string, string>;
}) {
  const formats = await getFormats();
  const params = readListParams(historyParams, searchParams);
  const days = Number(params.days);
  const now = new Date();
  const from = new Date(now.getTime() - (days - 1) * DAY_MS);
  // One reading before the range lets its first day be a difference too.
  const [readings, months] = await Promise.all([
    usageHistory(clientId, new Date(from.getTime() - 31 * DAY_MS)),
    usageMonthsOf(clientId, MONTHS_SHOWN),
  ]);
  const keys = endpointKeysOf([...readings, ...months]);
  const key = keys.includes(params.key)
    ? params.key
    : busiestEndpointKey(readings.length ? readings : months);
  const href = (changes: Record<string, string>) =>
    `${listHref(path, { ...extraParams, key: key ?? "", days: params.days }, changes, { days: "30" })}#usage-history`;
  const last = readings.at(-1);
  const t = await getTranslations("usage.history");
  return (
    <div id="usage-history" className="scroll-mt-6">
      <p className="mb-3 text-sm text-slate-600">
        {t("intro")}{" "}
        {last
          ? t.rich("lastReading", {
              time: () => <span data-testid="last-reading">{formats.dateTime(last.takenAt)}</span>,
            })
          : null}
      </p>
      {key === undefined ? (
        <p className="text-sm text-slate-600">{t("noReading")}</p>
      ) : (
        <>
          <nav aria-label={t("endpointKeys")} className="mb-2 flex flex-wrap gap-2 text-sm">
            {keys.map((k) => (
              <Link
                key={k}
                href={href({ key: k })}
                aria-current={k === key ? "true" : undefined}
                className={`rounded-md border px-2 py-1 ${k === key ? "border-brand-600 bg-brand-50 font-semibold text-brand-800" : "border-slate-300 text-slate-800"}`}
                scroll={false}
              >
                {k}
              </Link>
            ))}
          </nav>
          <nav aria-label={t("range")} className="mb-4 flex gap-2 text-sm">
            {(["30", "90"] as const).map((d) => (
              <Link
                key={d}
                href={href({ days: d })}
                aria-current={d === params.days ? "true" : undefined}
                className={`rounded-md border px-2 py-1 ${d === params.days ? "border-brand-600 bg-brand-50 font-semibold text-brand-800" : "border-slate-300 text-slate-800"}`}
                scroll={false}
              >
                {t("lastDays", { days: d })}
              </Link>
            ))}
          </nav>
          <UsageCharts
            endpointKey={key}
            points={dailySeries(readings, key, from, now)}
            currency={last?.currency ?? currency}
          />
          <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-800">
            {t("byPeriod", { key })}
          </h3>
          <DataTable
            caption={t("byPeriodCaption", { key })}
            testId="usage-months"
            columns={[
              t("columns.period"),
              t("columns.calls"),
              t("columns.included"),
              t("columns.charges"),
              t("columns.asOf"),
            ]}
            rows={monthlyTotals(months, key).map((m, i) => ({
              ...m,
              currency: months[i]!.currency,
            }))}
            keyOf={(m) => m.periodStart.toISOString()}
            rowHeaders
            empty={t("noPeriod")}
            cells={(m) => [
              // The period ends at the start of the next: its last day is the one before.
              `${formats.day(m.periodStart)} – ${formats.day(new Date(m.periodEnd.getTime() - 1))}`,
              formats.count(m.calls),
              m.included === null ? "—" : formats.count(m.included),
              formats.money(m.chargedMinor, m.currency ?? currency),
              m.takenAt < m.periodEnd && m.periodEnd > now
                ? t("soFar", { time: formats.dateTime(m.takenAt) })
                : formats.dateTime(m.takenAt),
            ]}
          />
        </>
      )}
    </div>
  );
}
