import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { Facts } from "@/components/ui/facts";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { auditLabel } from "@/lib/audit-labels";
import { requirePageSession } from "@/lib/auth/guards";
import { getAuditEntry } from "@/lib/store/audit-log";
import { OUTCOME_TONE } from "../_lib/audit-outcome";
import { changeRows } from "../_lib/audit-changes";
import { getFormats } from "@/lib/i18n/formats-server";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audit.entry"))("title") };
}

const show = (value: unknown) =>
  value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value, null, 1);

export default async function AuditEntryPage({ params }: { params: Promise<{ id: string }> }) {
  const formats = await getFormats();
  const { session } = await requirePageSession();
  const { id } = await params;
  const numeric = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  const entry = Number.isSafeInteger(numeric)
    ? await getAuditEntry(session.organizationId, numeric)
    : undefined;
  if (!entry) notFound();
  const detail = entry.detail ?? {};
  const changes = changeRows(detail.before, detail.after);
  const t = await getTranslations("audit");
  const labels = await getTranslations("audit.labels");
  const outcome = entry.outcome;
  const outcomeWord =
    outcome === "success" || outcome === "failure" || outcome === "unknown"
      ? t(`outcomeWords.${outcome}`)
      : outcome;
  return (
    <>
      <PageHeader
        trail={[{ href: "/audit", label: t("title") }, t("entry.crumb", { id: entry.id })]}
        title={auditLabel(entry.operationId, (key) => labels(key))}
        description={formats.dateTime(entry.createdAt)}
      />
      <Card title={t("entry.whatHappened")}>
        <Facts
          facts={[
            [t("entry.facts.operation"), <code key="op">{entry.operationId}</code>],
            [
              t("entry.facts.target"),
              <span key="t" className="break-all">
                {entry.target ?? "—"}
              </span>,
            ],
            [
              t("entry.facts.outcome"),
              <>
                <Badge tone={OUTCOME_TONE[entry.outcome] ?? "neutral"}>{outcomeWord}</Badge>
                {detail.replayed ? t("entry.replayed") : null}
              </>,
            ],
            [t("entry.facts.errorCode"), entry.errorCode ? <code>{entry.errorCode}</code> : "—"],
            [
              t("entry.facts.idempotencyKey"),
              entry.idempotencyKey ? (
                <code className="break-all">{entry.idempotencyKey}</code>
              ) : (
                "—"
              ),
            ],
          ]}
        />
      </Card>
      <Card title={t("entry.beforeAfter")} className="mt-6">
        {changes.length === 0 ? (
          <p className="text-sm text-slate-600">
            {detail.before === undefined && detail.after === undefined
              ? t("entry.noValues")
              : t("entry.noDifference")}
          </p>
        ) : (
          <div data-testid="audit-changes">
            <DataTable
              caption={t("entry.caption")}
              columns={[
                t("entry.columns.field"),
                t("entry.columns.before"),
                t("entry.columns.after"),
                t("entry.columns.change"),
              ]}
              rows={changes}
              keyOf={(c) => c.field}
              rowTestId="audit-change-row"
              empty=""
              cells={(c) => [
                c.field,
                <code key="before" className="whitespace-pre-wrap">
                  {show(c.before)}
                </code>,
                <code key="after" className="whitespace-pre-wrap">
                  {show(c.after)}
                </code>,
                <span key="change" data-testid="audit-change">
                  {t(`entry.changes.${c.change}`)}
                </span>,
              ]}
            />
          </div>
        )}
      </Card>
    </>
  );
}
