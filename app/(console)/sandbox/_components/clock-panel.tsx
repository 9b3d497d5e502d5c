"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { type ClockView } from "@/lib/api/contract/sandbox-controls";
import { advanceClockAction } from "../actions";
import { type ClockMove, changesOf, targetOf } from "../_lib/clock-preview";

/**
 * The Master's test clock: a move is chosen first, what it changes is stated, and only then is
 * it confirmed (a clock never goes back).
 */
export function ClockPanel({ clock }: { clock: ClockView }) {
  const [move, setMove] = useState<ClockMove | null>(null);
  const [date, setDate] = useState("");
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [moved, setMoved] = useState<string | null>(null);
  const { pending, notice, setNotice, run } = useActionCall(
    (next: ClockMove) => advanceClockAction(next),
    {
      onSuccess: (data) => {
        setMoved(data.now);
        setMove(null);
        setError(null);
      },
      onRefusal: (refusal) => {
        setError({ message: refusal.message, field: refusal.fieldErrors?.to });
        return null;
      },
    },
  );
  const now = new Date(clock.now);
  const target = move ? targetOf(move, now) : undefined;
  const changes = target ? changesOf(now, target) : [];

  const choose = (next: ClockMove) => {
    setMove(next);
    setError(null);
    setMoved(null);
    setNotice(null);
  };
  const confirm = () => {
    if (move) run(move);
  };

  return (
    <div className="space-y-4">
      <p className="text-sm">
        The clock of this Master and its Sub-users reads{" "}
        <time dateTime={clock.now} data-testid="sandbox-clock-now" className="font-mono">
          {clock.now}
        </time>{" "}
        ({clock.offsetSeconds === 0 ? "real time" : `${clock.offsetSeconds} s ahead of real time`}).
      </p>
      {moved ? (
        <Alert tone="success" title="Clock moved">
          The clock now reads {moved}.
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="secondary" onClick={() => choose({ kind: "day" })}>
          Advance a day
        </Button>
        <Button variant="secondary" onClick={() => choose({ kind: "next-month" })}>
          Advance to the next month
        </Button>
        <TextField
          label="Or to a date and time (UTC)"
          type="datetime-local"
          value={date}
          error={error?.field}
          onChange={(e) => {
            setDate(e.target.value);
            if (e.target.value) choose({ kind: "date", to: `${e.target.value}Z` });
          }}
        />
      </div>
      {move && target ? (
        <section
          aria-label="What moving the clock changes"
          className="rounded-md border border-slate-200 p-4"
        >
          <p className="text-sm font-medium">
            Move the clock to <span className="font-mono">{target.toISOString()}</span>?
          </p>
          {changes.length ? (
            <ul className="mt-2 list-disc pl-5 text-sm" data-testid="sandbox-clock-changes">
              {changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-red-800">
              That is not after the clock&apos;s time; a test clock never goes back.
            </p>
          )}
          <div className="mt-3 flex gap-3">
            <Button onClick={confirm} disabled={pending || changes.length === 0}>
              {pending ? "Moving…" : "Move the clock"}
            </Button>
            <Button variant="ghost" onClick={() => setMove(null)}>
              Cancel
            </Button>
          </div>
        </section>
      ) : null}
      <ActionNotice notice={notice} />
      {error && !error.field ? (
        <Alert tone="danger" title="The clock did not move">
          {error.message}
        </Alert>
      ) : null}
    </div>
  );
}
