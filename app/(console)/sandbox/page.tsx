import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
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

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("sandbox"))("title") };
}

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
  const t = await getTranslations("sandbox");
  const header = <PageHeader title={t("title")} description={t("description")} />;
  const index = await sandbox.index();
  if (!controlsServe(index, session.environment))
    return (
      <>
        {header}
        <Alert tone="info" title={t("noControls")}>
          {index === null ? t("notOffered") : t("sandboxKeysOnly")}
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
        <Alert tone="danger" title={t("noAnswer")}>
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
        <Card title={t("clock")}>
          <ClockPanel clock={clock} />
        </Card>
        <Card title={t("faultRules")}>
          <FaultRulesPanel rules={rules.faultRules} operations={operations.operations} />
        </Card>
        <Card title={t("journal.title")}>
          <FilterForm action="/sandbox" defaults={JOURNAL_DEFAULTS} label={t("journal.filter")}>
            <SelectField
              choices={opIds}
              label={t("journal.operation")}
              name="operationId"
              defaultValue={text("operationId")}
            >
              <option value="">{t("journal.allOperations")}</option>
            </SelectField>
            <TextField
              label={t("journal.status")}
              name="status"
              inputMode="numeric"
              defaultValue={text("status")}
              error={filter.success ? undefined : t("journal.statusError")}
            />
            <TextField
              label={t("journal.errorCode")}
              name="errorCode"
              defaultValue={text("errorCode")}
            />
            <SelectField
              label={t("journal.faultRule")}
              name="faulted"
              defaultValue={text("faulted")}
              choices={[
                ["", t("journal.anyCall")],
                ["true", t("journal.affected")],
                ["false", t("journal.notAffected")],
              ]}
            />
          </FilterForm>
          {journal ? (
            <DataTable
              caption={t("journal.caption")}
              columns={[
                t("journal.columns.time"),
                t("journal.columns.operation"),
                t("journal.columns.status"),
                t("journal.columns.error"),
                t("journal.columns.billing"),
                t("journal.columns.key"),
                t("journal.columns.ms"),
                t("journal.columns.rule"),
              ]}
              rows={journal.entries}
              keyOf={(e) => String(e.id)}
              rowTestId="journal-entry"
              empty={t("journal.empty")}
              cells={(e) => [
                <span key="at" className="font-mono text-xs">
                  {e.at}
                </span>,
                e.operationId,
                e.status === null
                  ? t("journal.noAnswer")
                  : `${e.status}${e.delivered ? "" : t("journal.answerLost")}`,
                e.errorCode ?? "",
                e.billingSource
                  ? `${e.billingSource}${e.chargedMinor ? ` ${e.chargedMinor}` : ""}${e.refunded ? t("journal.refunded") : ""}`
                  : "",
                e.idempotencyKey ?? "",
                String(e.durationMs),
                e.faultRuleId ?? "",
              ]}
            />
          ) : null}
          <p className="mt-2 text-xs text-slate-600">
            {t("journal.keeps", { count: journal?.keeps ?? 1000 })}{" "}
            <Link href="/sandbox" className="underline">
              {t("journal.clear")}
            </Link>
          </p>
        </Card>
        <Card title={t("reset.title")}>
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
              {t("reset.byOperator")}
            </p>
          )}
        </Card>
      </div>
    </>
  );
}
