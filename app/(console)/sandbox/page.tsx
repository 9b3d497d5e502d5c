import type { Metadata } from "next";
import { NotOffered } from "@/app/(console)/_components/not-offered";
import { mayDo } from "@/lib/auth/rights";
import { type SearchPageProps } from "@/lib/list-params";
import { Link } from "@/components/ui/link";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { FilterForm } from "@/components/ui/filter-form";
import { DataTable } from "@/components/ui/table";
import { journalQuery } from "@/lib/api/contract/sandbox-controls";
import { controlsServe, SandboxControlsError } from "@/lib/api/sandbox-controls-client";
import { requirePageSession } from "@/lib/auth/guards";
import { MasterOnly } from "../_components/master-only";
import { ClockPanel } from "./_components/clock-panel";
import { FaultRulesPanel } from "./_components/fault-rules-panel";
import { ResetPanel } from "./_components/reset-panel";

export const metadata: Metadata = { title: "Sandbox" };

const JOURNAL_DEFAULTS = { operationId: "", status: "", errorCode: "", faulted: "" };

/**
 * The reference service's sandbox controls for a Master: its test clock, its fault rules and the
 * journal of its family's calls. Shown only where the service offers them.
 */
export default async function SandboxPage({ searchParams }: SearchPageProps) {
  const { session, sandbox } = await requirePageSession();
  if (!session.isMaster) return <MasterOnly />;
  if (!mayDo(session, "useSandboxControls"))
    return <NotOffered session={session} duty="useSandboxControls" />;
  const header = (
    <PageHeader
      title="Sandbox"
      description="Move this Master's test clock, make calls fail on purpose, and read what its calls did. These are controls of the reference service, not part of the interface."
    />
  );
  const index = await sandbox.index();
  if (!controlsServe(index, session.environment))
    return (
      <>
        {header}
        <Alert tone="info" title="No sandbox controls">
          {index === null
            ? "The service this console talks to does not offer sandbox controls (a production service does not)."
            : "This service's sandbox controls serve sandbox keys only. Sign in with this Master's sandbox key to use them."}
        </Alert>
      </>
    );
  // Where the controls serve sandbox keys only, a reset (which returns production state too) is the operator's.
  const keyResets = index.keys === "all";

  const raw = await searchParams;
  const text = (k: string) => (typeof raw[k] === "string" ? (raw[k] as string) : "");
  // What a reset would undo is counted when asked for: a big family's rows take a while.
  const previewReset = keyResets && text("reset") === "preview";
  const filter = journalQuery.safeParse({
    ...Object.fromEntries(
      Object.keys(JOURNAL_DEFAULTS)
        .map((k) => [k, text(k)] as const)
        .filter(([, v]) => v),
    ),
    limit: "50",
  });
  let loaded;
  try {
    loaded = await Promise.all([
      sandbox.clock(),
      (previewReset ? sandbox.resetPreview() : Promise.resolve(null)).catch((error: unknown) => {
        // A Master without a recorded seed state cannot be reset; the page says so.
        if (error instanceof SandboxControlsError && error.code === "not_found") return null;
        throw error;
      }),
      sandbox.faultRules(),
      sandbox.operations(),
      filter.success
        ? sandbox.journal({
            operationId: filter.data.operationId,
            status: filter.data.status?.toString(),
            errorCode: filter.data.errorCode,
            faulted: filter.data.faulted,
            limit: "50",
          })
        : null,
    ]);
  } catch (error) {
    if (!(error instanceof SandboxControlsError)) throw error;
    loaded = error.message;
  }
  if (typeof loaded === "string")
    return (
      <>
        {header}
        <Alert tone="danger" title="The sandbox controls did not answer">
          {loaded}
        </Alert>
      </>
    );
  const [clock, reset, rules, operations, journal] = loaded;
  const opIds = operations.operations.map((o) => o.operationId);
  return (
    <>
      {header}
      <div className="space-y-6">
        <Card title="Test clock">
          <ClockPanel clock={clock} />
        </Card>
        <Card title="Fault rules">
          <FaultRulesPanel rules={rules.faultRules} operations={operations.operations} />
        </Card>
        <Card title="Request journal">
          <FilterForm action="/sandbox" defaults={JOURNAL_DEFAULTS} label="Filter the journal">
            <SelectField
              choices={opIds}
              label="Operation"
              name="operationId"
              defaultValue={text("operationId")}
            >
              <option value="">All operations</option>
            </SelectField>
            <TextField
              label="Status"
              name="status"
              inputMode="numeric"
              defaultValue={text("status")}
              error={filter.success ? undefined : "A status from 100 to 599."}
            />
            <TextField label="Error code" name="errorCode" defaultValue={text("errorCode")} />
            <SelectField
              label="Fault rule"
              name="faulted"
              defaultValue={text("faulted")}
              choices={[
                ["", "Any call"],
                ["true", "Affected by a rule"],
                ["false", "Not affected"],
              ]}
            />
          </FilterForm>
          {journal ? (
            <DataTable
              caption="The last calls of this Master and its Sub-users"
              columns={[
                "Time (clock)",
                "Operation",
                "Status",
                "Error",
                "Billing",
                "Key",
                "ms",
                "Rule",
              ]}
              rows={journal.entries}
              keyOf={(e) => String(e.id)}
              rowTestId="journal-entry"
              empty="No calls match."
              cells={(e) => [
                <span key="at" className="font-mono text-xs">
                  {e.at}
                </span>,
                e.operationId,
                e.status === null
                  ? "no answer"
                  : `${e.status}${e.delivered ? "" : " (answer lost)"}`,
                e.errorCode ?? "",
                e.billingSource
                  ? `${e.billingSource}${e.chargedMinor ? ` ${e.chargedMinor}` : ""}${e.refunded ? " (refunded)" : ""}`
                  : "",
                e.idempotencyKey ?? "",
                String(e.durationMs),
                e.faultRuleId ?? "",
              ]}
            />
          ) : null}
          <p className="mt-2 text-xs text-slate-600">
            The service keeps the last {journal?.keeps ?? 1000} calls; never a key or a body.{" "}
            <Link href="/sandbox" className="underline">
              Clear the filters
            </Link>
          </p>
        </Card>
        <Card title="Reset">
          {keyResets ? (
            <ResetPanel
              masterId={session.clientId}
              counts={
                !previewReset
                  ? "not-read"
                  : reset
                    ? { now: reset.now, seeded: reset.seeded, countedUpTo: reset.countedUpTo }
                    : null
              }
            />
          ) : (
            <p className="text-sm text-slate-700" data-testid="reset-by-operator">
              A reset returns this Master&apos;s production state too (balances, Sub-users, plans),
              so on this service only its operator resets a Master.
            </p>
          )}
        </Card>
      </div>
    </>
  );
}
