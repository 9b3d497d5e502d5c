"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("sandbox.clockPanel");
  const tc = useTranslations("sandbox.clockChanges");
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
  const changes = target ? changesOf(now, target, (key, values) => tc(key, values)) : [];

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
        {t.rich("reads", {
          offset:
            clock.offsetSeconds === 0
              ? t("realTime")
              : t("ahead", { seconds: clock.offsetSeconds }),
          time: () => (
            <time dateTime={clock.now} data-testid="sandbox-clock-now" className="font-mono">
              {clock.now}
            </time>
          ),
        })}
      </p>
      {moved ? (
        <Alert tone="success" title={t("moved")}>
          {t("nowReads", { time: moved })}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="secondary" onClick={() => choose({ kind: "day" })}>
          {t("day")}
        </Button>
        <Button variant="secondary" onClick={() => choose({ kind: "next-month" })}>
          {t("nextMonth")}
        </Button>
        <TextField
          label={t("date")}
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
        <section aria-label={t("changes")} className="rounded-md border border-slate-200 p-4">
          <p className="text-sm font-medium">
            {t.rich("moveTo", {
              time: () => <span className="font-mono">{target.toISOString()}</span>,
            })}
          </p>
          {changes.length ? (
            <ul className="mt-2 list-disc pl-5 text-sm" data-testid="sandbox-clock-changes">
              {changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-red-800">{t("notAfter")}</p>
          )}
          <div className="mt-3 flex gap-3">
            <Button onClick={confirm} disabled={pending || changes.length === 0}>
              {pending ? t("moving") : t("move")}
            </Button>
            <Button variant="ghost" onClick={() => setMove(null)}>
              {t("cancel")}
            </Button>
          </div>
        </section>
      ) : null}
      <ActionNotice notice={notice} />
      {error && !error.field ? (
        <Alert tone="danger" title={t("notMoved")}>
          {error.message}
        </Alert>
      ) : null}
    </div>
  );
}
