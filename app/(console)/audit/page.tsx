import type { Metadata } from "next";
import { DataTable } from "@/components/ui/table";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/card";
import { OPERATION_IDS } from "@/lib/api/contract/operations";
import { listAudit } from "@/lib/store/audit-log";
import { requirePageSession } from "@/lib/auth/guards";
import { formatDateTime } from "@/lib/format";

export const metadata: Metadata = { title: "Audit log" };

const filters = z.object({
  operation: z
    .enum(OPERATION_IDS as [string, ...string[]])
    .optional()
    .catch(undefined),
  outcome: z.enum(["success", "failure", "unknown"]).optional().catch(undefined),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
});

const OUTCOME_TONE = { success: "green", failure: "red", unknown: "amber" } as const;
const control = "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { session } = await requirePageSession();
  const raw = await searchParams;
  const f = filters.parse(
    Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v || undefined]),
    ),
  );
  const entries = await listAudit(session.clientId, {
    operationId: f.operation,
    outcome: f.outcome,
    from: f.from ? new Date(`${f.from}T00:00:00Z`) : undefined,
    to: f.to ? new Date(`${f.to}T23:59:59.999Z`) : undefined,
  });
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made through this console by your Client: who, what, on what, when, and how it ended. Secrets are never recorded."
      />
      <form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-3"
        aria-label="Filter the audit log"
      >
        <div>
          <label htmlFor="operation" className="mb-1 block text-sm font-medium">
            Operation
          </label>
          <select
            id="operation"
            name="operation"
            defaultValue={f.operation ?? ""}
            className={control}
          >
            <option value="">All operations</option>
            {OPERATION_IDS.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="outcome" className="mb-1 block text-sm font-medium">
            Outcome
          </label>
          <select id="outcome" name="outcome" defaultValue={f.outcome ?? ""} className={control}>
            <option value="">All outcomes</option>
            <option value="success">Success</option>
            <option value="failure">Failure</option>
            <option value="unknown">Unknown</option>
          </select>
        </div>
        <div>
          <label htmlFor="from" className="mb-1 block text-sm font-medium">
            From (UTC)
          </label>
          <input
            id="from"
            name="from"
            type="date"
            defaultValue={f.from ?? ""}
            className={control}
          />
        </div>
        <div>
          <label htmlFor="to" className="mb-1 block text-sm font-medium">
            To (UTC)
          </label>
          <input id="to" name="to" type="date" defaultValue={f.to ?? ""} className={control} />
        </div>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </form>
      <DataTable
        boxed
        caption="Audit log entries, newest first"
        columns={["Time", "Operation", "Target", "Outcome", "Error code", "Idempotency key"]}
        rows={entries}
        keyOf={(e) => String(e.id)}
        rowTestId="audit-row"
        empty="No entries match."
        cells={(e) => [
          formatDateTime(e.createdAt),
          <span key="op">
            <code>{e.operationId}</code>
            {e.detail?.replayed ? (
              <span className="ml-1 text-xs text-slate-500">(replayed)</span>
            ) : null}
          </span>,
          e.target ?? "—",
          <Badge
            key="outcome"
            tone={OUTCOME_TONE[e.outcome as keyof typeof OUTCOME_TONE] ?? "neutral"}
          >
            {e.outcome}
          </Badge>,
          e.errorCode ? <code key="code">{e.errorCode}</code> : "—",
          e.idempotencyKey ? (
            <code key="key" className="text-xs">
              {e.idempotencyKey}
            </code>
          ) : (
            "—"
          ),
        ]}
      />
    </>
  );
}
