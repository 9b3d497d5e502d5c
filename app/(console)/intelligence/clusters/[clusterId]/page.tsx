import { AddressForm } from "@/components/ui/address-form";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { type RoutePageProps } from "@/lib/list-params";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { createHash } from "node:crypto";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { DataTable } from "@/components/ui/table";
import {
  HistoryChart,
  versionChanges,
} from "@/app/(console)/intelligence/_components/history-chart";
import { STATUS_TONE } from "@/app/(console)/intelligence/_components/cluster-intelligence-view";
import { InvalidInputError, ServiceError } from "@/lib/api/client";
import {
  type ClusterHistoryPoint,
  type ClusterIntelligenceResponse,
} from "@/lib/api/contract/intelligence";
import { uuid } from "@/lib/api/contract/common";
import { messageForCode } from "@/lib/operations/code-sentences";
import { requirePageSession } from "@/lib/auth/guards";
import { dayForInput, daysAgo, parseDay } from "@/lib/dates";
import { clusterReadsOf } from "@/app/(console)/jobs/_lib/job-store";
import { marketScopeFields } from "../../_lib/intelligence-forms";
import { ClusterReadForm } from "../../_components/intelligence-forms";
import { getFormats } from "@/lib/i18n/formats-server";
import { fieldErrorWords } from "@/lib/validation/field-error";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("intelligence.clusterPage"))("title") };
}

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

/** The history call for one range and scope: the same query replays (free) for 24 hours. */
function historyKey(clientId: string, clusterId: string, query: Record<string, unknown>) {
  const digest = createHash("sha256")
    .update(JSON.stringify([clientId, clusterId, query]))
    .digest("hex");
  return `history-${digest.slice(0, 40)}`;
}

export default async function ClusterPage({
  params,
  searchParams,
}: RoutePageProps<{ clusterId: string }>) {
  const formats = await getFormats();
  const { session, api } = await requirePageSession();
  const { clusterId } = await params;
  if (!uuid.safeParse(clusterId).success) notFound();
  const search = await searchParams;
  const t = await getTranslations("intelligence");
  const tp = await getTranslations("intelligence.clusterPage");
  const fieldWords = await getTranslations("fieldErrors");
  const reads = await clusterReadsOf(session.organizationId, clusterId);
  const latest = reads[0]?.result as ClusterIntelligenceResponse | undefined;
  const scopeParsed = marketScopeFields.safeParse({
    marketCountry: one(search.marketCountry) ?? latest?.scope.marketCountry ?? "DE",
    currency: one(search.currency) ?? latest?.scope.currency ?? "EUR",
    condition: one(search.condition) ?? latest?.scope.condition ?? "used",
    windowDays: one(search.windowDays) ?? latest?.scope.windowDays ?? 90,
  });
  const scope = scopeParsed.success
    ? scopeParsed.data
    : { marketCountry: "DE", currency: "EUR", condition: "used" as const, windowDays: 90 };

  // History is read only when asked for (each new range is a billed call).
  const fromText = one(search.from);
  const toText = one(search.to);
  const asked = fromText !== undefined || toText !== undefined;
  const from = fromText ? parseDay(fromText) : null;
  const to = toText ? parseDay(toText) : null;
  const fieldErrors = {
    from: asked && !from ? tp("fromError") : undefined,
    to: asked && !to ? tp("toError") : from && to && to < from ? tp("notBefore") : undefined,
  };
  let points: ClusterHistoryPoint[] | null = null;
  let refusal: string | null = null;
  if (asked && from && to && !fieldErrors.to) {
    const query = { from: `${from}T00:00:00Z`, to: `${to}T23:59:59Z`, ...scope };
    try {
      const res = await api.getPartClusterIntelligenceHistory(
        { params: { clusterId }, query },
        { idempotencyKey: historyKey(session.clientId, clusterId, query) },
      );
      points = res.data.points;
    } catch (error) {
      if (error instanceof ServiceError)
        refusal = messageForCode(
          error.code,
          error.retryAfterSeconds,
          error.message,
          await getTranslations("codes"),
        );
      else if (error instanceof InvalidInputError)
        refusal = error.issues
          .map((i) => `${i.path}: ${fieldErrorWords(i.message, fieldWords, formats.count)}`)
          .join("; ");
      else throw error;
    }
  }
  const changes = points ? versionChanges(points) : [];
  const defaultFrom = dayForInput(daysAgo(182));
  const defaultTo = dayForInput(daysAgo(0));

  return (
    <>
      <PageHeader
        trail={[{ href: "/intelligence", label: t("title") }, tp("trail")]}
        title={latest?.cluster.canonicalLabel ?? tp("fallbackTitle")}
        description={tp("description", { id: clusterId })}
      />
      <div className="space-y-6">
        <Card title={tp("latest")}>
          {latest ? (
            <div className="space-y-2 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <Badge tone={STATUS_TONE[latest.status]}>{t(`status.${latest.status}`)}</Badge>
                {tp("latestLine", {
                  version: String(latest.cluster.clusterVersion),
                  asOf: formats.dateTime(latest.asOf),
                  country: latest.scope.marketCountry,
                  currency: latest.scope.currency,
                  condition: latest.scope.condition,
                  days: String(latest.scope.windowDays),
                })}
              </p>
              <p>
                <Link className="underline" href={`/jobs/${reads[0]!.id}`}>
                  {tp("fullResult")}
                </Link>
                {reads.length > 1 ? tp("earlier", { count: String(reads.length - 1) }) : ""}
              </p>
            </div>
          ) : (
            <p className="text-sm text-slate-600">{tp("notRead")}</p>
          )}
        </Card>
        <Card title={tp("readCard")}>
          <ClusterReadForm clusterId={clusterId} scope={scope} />
        </Card>
        <Card title={tp("history")}>
          <AddressForm label={tp("period")} layout="grid" className="mb-4">
            <TextField
              name="from"
              label={tp("from")}
              defaultValue={fromText ?? defaultFrom}
              error={fieldErrors.from}
            />
            <TextField
              name="to"
              label={tp("to")}
              defaultValue={toText ?? defaultTo}
              error={fieldErrors.to}
            />
            {Object.entries(scope).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={String(v)} />
            ))}
            <div className="flex items-end">
              <Button type="submit">{tp("show")}</Button>
            </div>
          </AddressForm>
          <p className="mb-3 text-xs text-slate-600">{tp("historyNote")}</p>
          {refusal ? (
            <Alert tone="danger" title={tp("notReadTitle")}>
              {refusal}
            </Alert>
          ) : null}
          {points ? (
            <div className="space-y-4" data-testid="cluster-history">
              {changes.length ? (
                <Alert tone="info" title={tp("changedTitle")}>
                  {changes
                    .map((c) =>
                      tp("changed", {
                        from: String(c.from),
                        to: String(c.to),
                        at: formats.date(c.at),
                      }),
                    )
                    .join(" ")}{" "}
                  {tp("changedNote")}
                </Alert>
              ) : null}
              <HistoryChart points={points} />
              <DataTable
                caption={tp("caption")}
                columns={[
                  tp("columns.asOf"),
                  tp("columns.version"),
                  tp("columns.status"),
                  tp("columns.opportunity"),
                  tp("columns.confidence"),
                  tp("columns.snapshot"),
                ]}
                rows={points}
                keyOf={(p) => p.asOf}
                rowTestId="history-point"
                cells={(p) => [
                  formats.date(p.asOf),
                  changes.some((c) => c.at === p.asOf) ? (
                    <Badge key="v" tone="blue">
                      {tp("newVersion", { version: String(p.clusterVersion) })}
                    </Badge>
                  ) : (
                    `v${p.clusterVersion}`
                  ),
                  p.status ? t(`status.${p.status}`) : "—",
                  p.scores.opportunity.value ?? "—",
                  `${p.confidence.level}${p.confidence.value !== null ? ` (${p.confidence.value})` : ""}`,
                  <code key="s" className="break-all text-xs">
                    {p.provenance.snapshotId}
                  </code>,
                ]}
                empty={tp("empty")}
              />
            </div>
          ) : null}
        </Card>
      </div>
    </>
  );
}
