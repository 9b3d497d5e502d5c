"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { DataTable } from "@/components/ui/table";
import { formatCount } from "@/lib/format";
import { Link } from "@/components/ui/link";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { resetMasterAction } from "../actions";

const TABLE_LABELS: Record<string, string> = {
  clients: "Clients (this Master and its Sub-users)",
  api_keys: "Sub-users' keys",
  rate_limits: "Rate-limit rules",
  usage_events: "Usage events",
  jobs: "Jobs",
  sponsorship_grants: "Sponsorship grants",
  partner_workspaces: "Partner workspaces",
  idempotency_records: "Kept answers (Idempotency-Keys)",
  redirect_sessions: "VIN redirect sessions",
  sandbox_fault_rules: "Fault rules",
  sandbox_journal: "Journal entries",
};

/**
 * Resetting the Master to its seeded state: what it undoes is listed first, and the Master's id
 * must be typed to confirm (nothing is reset by a stray click).
 */
/** A count as the preview gives it: exact up to its bound, "more than" beyond. */
const countOf = (n: number, upTo: number) =>
  n > upTo ? `more than ${formatCount(upTo)}` : formatCount(n);

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
      return { tone: "success", text: "The Master is back in its seeded state." };
    },
    onRefusal: (refusal) => {
      setError(refusal.fieldErrors?.typed);
      return refusal.fieldErrors?.typed ? null : undefined;
    },
  });
  if (!counts)
    return (
      <p className="text-sm text-slate-700">
        No seeded state is recorded for this Master, so it cannot be reset.
      </p>
    );
  const rows =
    counts === "not-read"
      ? []
      : Object.keys(TABLE_LABELS).filter((t) => (counts.now[t] ?? 0) !== (counts.seeded[t] ?? 0));
  return (
    <div className="space-y-4">
      <p className="text-sm">
        A reset returns this Master and its Sub-users to the demo data as it was seeded: Sub-users
        created since are removed with their keys, names, limits, grants, usage, jobs, fault rules,
        the journal and the test clock go back. This Master&apos;s own keys stay as they are.
      </p>
      {notice ? (
        <Alert
          tone={notice.tone}
          title={notice.title ?? (notice.tone === "success" ? "Reset" : "Not reset")}
        >
          {notice.text}
        </Alert>
      ) : null}
      {counts === "not-read" ? (
        <p className="text-sm">
          <Link href="/sandbox?reset=preview" className="text-brand-700 underline">
            Count what a reset would undo
          </Link>{" "}
          (the Master&apos;s rows now and as seeded, table by table).
        </p>
      ) : (
        <DataTable
          caption="What a reset changes"
          columns={["What", "Now", "As seeded"]}
          rows={rows}
          keyOf={(t) => t}
          empty="Nothing differs from the seeded state in number; names, settings and the clock still go back."
          cells={(t) => [
            TABLE_LABELS[t],
            countOf(counts.now[t] ?? 0, counts.countedUpTo),
            countOf(counts.seeded[t] ?? 0, counts.countedUpTo),
          ]}
        />
      )}
      <form
        aria-label="Reset this Master"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          reset();
        }}
      >
        <TextField
          label={`Type ${masterId} to confirm`}
          value={typed}
          error={error}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button type="submit" variant="danger" disabled={pending || typed.trim() !== masterId}>
          {pending ? "Resetting…" : "Reset to the seeded state"}
        </Button>
      </form>
    </div>
  );
}
