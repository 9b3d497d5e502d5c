import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/components/ui/link";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/card";
import { LogFilters } from "@/components/operations/log-filters";
import { TextField } from "@/components/ui/field";
import { CursorPagination, shownCount } from "@/components/ui/cursor-pagination";
import { DataTable } from "@/components/ui/table";
import { AUDITED_OPERATIONS, auditLabel } from "@/lib/audit-labels";
import { requirePageSession } from "@/lib/auth/guards";
import { dayForInput, parseDay } from "@/lib/dates";
import { listHref, readListParams, type SearchPageProps } from "@/lib/list-params";
import { logCursorOf } from "@/lib/log-cursor";
import { listAudit } from "@/lib/store/audit-log";
import {
  AUDIT_DEFAULTS,
  AUDIT_PAGE_SIZE,
  auditFilterSet,
  auditFilters,
  auditParams,
} from "./_lib/audit-params";
import { isKnownOutcome, OUTCOME_TONE } from "./_lib/audit-outcome";
import { isRole } from "@/lib/auth/roles";
import { getFormats } from "@/lib/i18n/formats-server";

const EXPORT_LINK =
  "rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audit"))("title") };
}

export default async function AuditPage({ searchParams }: SearchPageProps) {
  const formats = await getFormats();
  const { session } = await requirePageSession();
  const params = readListParams(auditParams, await searchParams);
  const { filters, errors } = auditFilters(params);
  const listed = await listAudit(session.organizationId, filters, {
    cursor: logCursorOf(params),
    pageSize: AUDIT_PAGE_SIZE,
  });
  const filtersOnly = { ...params, next: undefined, prev: undefined };
  const exportHref = listHref("/audit/export", filtersOnly, {}, AUDIT_DEFAULTS);
  const readerExportHref = listHref(
    "/audit/export",
    filtersOnly,
    { format: "reader" },
    AUDIT_DEFAULTS,
  );
  const asTyped = (raw: string) => (raw ? dayForInput(parseDay(raw) ?? "") || raw : "");
  const t = await getTranslations("audit");
  const labels = await getTranslations("audit.labels");
  const roles = await getTranslations("roles");
  const outcomeWord = (outcome: string) =>
    isKnownOutcome(outcome) ? t(`outcomeWords.${outcome}`) : outcome;
  const roleWord = (role: string) => (isRole(role) ? roles(`${role}.lower`) : role);
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <div className="flex flex-wrap gap-2">
            <a href={exportHref} className={EXPORT_LINK} download>
              {t("export")}
            </a>
            <a href={readerExportHref} className={EXPORT_LINK} download>
              {t("exportReader")}
            </a>
          </div>
        }
      />
      <LogFilters
        of={auditFilterSet((key) => t(key))}
        operations={AUDITED_OPERATIONS}
        chosen={params}
      >
        {/* eslint-disable-next-line i18next/no-literal-string -- the address's parameter names */}
        {(["from", "to"] as const).map((bound) => (
          <TextField
            key={bound}
            label={bound === "from" ? t("from") : t("to")}
            name={bound}
            data-day=""
            defaultValue={asTyped(params[bound])}
            // eslint-disable-next-line i18next/no-literal-string -- date fields take English dates until they follow the person's format (issue 40)
            placeholder={bound === "from" ? "1 Nov 2026" : "23 Nov 2026"}
            error={errors[bound] ? t(`errors.${errors[bound]}`) : undefined}
            autoComplete="off"
          />
        ))}
      </LogFilters>
      <p className="mb-2 text-sm text-slate-600" data-testid="audit-count">
        {await shownCount(listed.entries.length, listed, [t("count.one"), t("count.many")])}
      </p>
      <DataTable
        boxed
        caption={t("caption")}
        columns={[
          t("columns.time"),
          t("columns.who"),
          t("columns.operation"),
          t("columns.target"),
          t("columns.outcome"),
          t("columns.errorCode"),
          t("columns.idempotencyKey"),
        ]}
        rows={listed.entries}
        keyOf={(e) => String(e.id)}
        rowTestId="audit-row"
        empty={t("empty")}
        cells={(e) => [
          <Link key="at" href={`/audit/${e.id}`} className="text-brand-700 underline">
            {formats.dateTime(e.createdAt)}
          </Link>,
          <span key="who" data-testid="audit-actor">
            {e.actor ?? "—"}
            {e.actorRole ? (
              <span className="text-xs text-slate-500"> ({roleWord(e.actorRole)})</span>
            ) : null}
          </span>,
          <span key="op">
            {auditLabel(e.operationId, (key) => labels(key))}
            {e.detail?.replayed ? (
              <span className="ml-1 text-xs text-slate-500">{t("replayed")}</span>
            ) : null}
          </span>,
          e.target ?? "—",
          <Badge key="outcome" tone={OUTCOME_TONE[e.outcome] ?? "neutral"}>
            {outcomeWord(e.outcome)}
          </Badge>,
          e.errorCode ? <code key="code">{e.errorCode}</code> : "—",
          e.idempotencyKey ? (
            <code key="key" className="text-xs break-all">
              {e.idempotencyKey}
            </code>
          ) : (
            "—"
          ),
        ]}
      />
      <CursorPagination
        previous={listed.previous}
        next={listed.next}
        hrefFor={(place) => listHref("/audit", filtersOnly, place, AUDIT_DEFAULTS)}
        label={t("pages")}
      />
    </>
  );
}
