import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Card, PageHeader } from "@/components/ui/card";
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
    ? await getAuditEntry(session.clientId, numeric)
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
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-slate-500">Operation</dt>
          <dd>
            <code>{entry.operationId}</code>
          </dd>
          <dt className="text-slate-500">Target</dt>
          <dd className="break-all">{entry.target ?? "—"}</dd>
          <dt className="text-slate-500">Outcome</dt>
          <dd>
            <Badge tone={OUTCOME_TONE[entry.outcome] ?? "neutral"}>{entry.outcome}</Badge>
            {detail.replayed ? " (the service replayed an earlier answer)" : null}
          </dd>
          <dt className="text-slate-500">Error code</dt>
          <dd>{entry.errorCode ? <code>{entry.errorCode}</code> : "—"}</dd>
          <dt className="text-slate-500">Idempotency key</dt>
          <dd className="break-all">
            {entry.idempotencyKey ? <code>{entry.idempotencyKey}</code> : "—"}
          </dd>
        </dl>
      </Card>
      <Card title="Before and after" className="mt-6">
        {changes.length === 0 ? (
          <p className="text-sm text-slate-600">
            {detail.before === undefined && detail.after === undefined
              ? "This entry records no values: the operation starts work or the change was not made."
              : "Nothing differs between before and after."}
          </p>
        ) : (
          <div
            role="region"
            aria-label="Fields before and after the change"
            tabIndex={0}
            className="overflow-x-auto"
          >
            <table className="w-full text-left text-sm" data-testid="audit-changes">
              <caption className="sr-only">Each field before and after the change</caption>
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Field
                  </th>
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Before
                  </th>
                  <th scope="col" className="py-1 pr-4 font-medium">
                    After
                  </th>
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Change
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map((c) => (
                  <tr key={c.field} className="border-t border-slate-100 align-top">
                    <th scope="row" className="py-1 pr-4 font-medium">
                      {c.field}
                    </th>
                    <td className="py-1 pr-4 whitespace-pre-wrap">
                      <code>{show(c.before)}</code>
                    </td>
                    <td className="py-1 pr-4 whitespace-pre-wrap">
                      <code>{show(c.after)}</code>
                    </td>
                    <td className="py-1 pr-4" data-testid="audit-change">
                      {c.change}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  );
}
