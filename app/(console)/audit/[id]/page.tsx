import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Facts } from "@/components/ui/facts";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { auditLabel } from "@/lib/audit-labels";
import { requirePageSession } from "@/lib/auth/guards";
import { formatDateTime } from "@/lib/format";
import { getAuditEntry } from "@/lib/store/audit-log";
import { OUTCOME_TONE } from "../_lib/audit-outcome";
import { changeRows } from "../_lib/audit-changes";

export const metadata: Metadata = { title: "Audit entry" };

const show = (value: unknown) =>
  value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value, null, 1);

export default async function AuditEntryPage({ params }: { params: Promise<{ id: string }> }) {
  const { session } = await requirePageSession();
  const { id } = await params;
  const numeric = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  const entry = Number.isSafeInteger(numeric)
    ? await getAuditEntry(session.organizationId, numeric)
    : undefined;
  if (!entry) notFound();
  const detail = entry.detail ?? {};
  const changes = changeRows(detail.before, detail.after);
  return (
    <>
      <PageHeader
        trail={[{ href: "/audit", label: "Audit log" }, `Entry ${entry.id}`]}
        title={auditLabel(entry.operationId)}
        description={formatDateTime(entry.createdAt)}
      />
      <Card title="What happened">
        <Facts
          facts={[
            ["Operation", <code key="op">{entry.operationId}</code>],
            [
              "Target",
              <span key="t" className="break-all">
                {entry.target ?? "—"}
              </span>,
            ],
            [
              "Outcome",
              <>
                <Badge tone={OUTCOME_TONE[entry.outcome] ?? "neutral"}>{entry.outcome}</Badge>
                {detail.replayed ? " (the service replayed an earlier answer)" : null}
              </>,
            ],
            ["Error code", entry.errorCode ? <code>{entry.errorCode}</code> : "—"],
            [
              "Idempotency key",
              entry.idempotencyKey ? (
                <code className="break-all">{entry.idempotencyKey}</code>
              ) : (
                "—"
              ),
            ],
          ]}
        />
      </Card>
      <Card title="Before and after" className="mt-6">
        {changes.length === 0 ? (
          <p className="text-sm text-slate-600">
            {detail.before === undefined && detail.after === undefined
              ? "This entry records no values: the operation starts work or the change was not made."
              : "Nothing differs between before and after."}
          </p>
        ) : (
          <div data-testid="audit-changes">
            <DataTable
              caption="Each field before and after the change"
              columns={["Field", "Before", "After", "Change"]}
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
                  {c.change}
                </span>,
              ]}
            />
          </div>
        )}
      </Card>
    </>
  );
}
