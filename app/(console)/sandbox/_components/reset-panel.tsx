"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { DataTable } from "@/components/ui/table";
import { Link } from "@/components/ui/link";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { resetMasterAction } from "../actions";
import { useFormats } from "@/components/i18n/formats-provider";

/** The tables a reset counts, in order (their words: `sandbox.reset.tables`). */
const TABLES = [
  "clients",
  "api_keys",
  "rate_limits",
  "usage_events",
  "jobs",
  "sponsorship_grants",
  "partner_workspaces",
  "idempotency_records",
  "redirect_sessions",
  "sandbox_fault_rules",
  "sandbox_journal",
] as const;

/**
 * Resetting the Master to its seeded state: what it undoes is listed first, and the Master's id
 * must be typed to confirm (nothing is reset by a stray click).
 */
export function ResetPanel({
  masterId,
  counts,
}: {
  masterId: string;
  /** What a reset undoes; null: no seeded state; "not-read": not asked for yet. */
  counts:
    | {
        now: Record<string, number>;
        seeded: Record<string, number>;
        countedUpTo: number;
      }
    | null
    | "not-read";
}) {
  const formats = useFormats();
  const t = useTranslations("sandbox.reset");
  /** A count as the preview gives it: exact up to its bound, "more than" beyond. */
  const countOf = (n: number, upTo: number) =>
    n > upTo ? t("moreThan", { count: formats.count(upTo) }) : formats.count(n);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  const {
    pending,
    notice,
    run: reset,
  } = useActionCall((_: void) => resetMasterAction({ typed }), {
    onSuccess: () => {
      setTyped("");
      setError(undefined);
      return { tone: "success", text: t("done") };
    },
    onRefusal: (refusal) => {
      setError(refusal.fieldErrors?.typed);
      return refusal.fieldErrors?.typed ? null : undefined;
    },
  });
  if (!counts) return <p className="text-sm text-slate-700">{t("noSeed")}</p>;
  const rows =
    counts === "not-read"
      ? []
      : TABLES.filter((table) => (counts.now[table] ?? 0) !== (counts.seeded[table] ?? 0));
  return (
    <div className="space-y-4">
      <p className="text-sm">{t("explain")}</p>
      {notice ? (
        <Alert
          tone={notice.tone}
          title={notice.title ?? (notice.tone === "success" ? t("resetTitle") : t("notReset"))}
        >
          {notice.text}
        </Alert>
      ) : null}
      {counts === "not-read" ? (
        <p className="text-sm">
          <Link href="/sandbox?reset=preview" className="text-brand-700 underline">
            {t("count")}
          </Link>{" "}
          {t("countExplain")}
        </p>
      ) : (
        <DataTable
          caption={t("caption")}
          columns={[t("columns.what"), t("columns.now"), t("columns.seeded")]}
          rows={rows}
          keyOf={(table) => table}
          empty={t("nothing")}
          cells={(table) => [
            t(`tables.${table}`),
            countOf(counts.now[table] ?? 0, counts.countedUpTo),
            countOf(counts.seeded[table] ?? 0, counts.countedUpTo),
          ]}
        />
      )}
      <form
        aria-label={t("form")}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          reset();
        }}
      >
        <TextField
          label={t("typeToConfirm", { id: masterId })}
          value={typed}
          error={error}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit" variant="danger" disabled={pending || typed.trim() !== masterId}>
          {pending ? t("pending") : t("submit")}
        </Button>
      </form>
    </div>
  );
}
