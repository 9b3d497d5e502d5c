"use client";

import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { DataTable } from "@/components/ui/table";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { type FaultRuleView, type InjectableOperation } from "@/lib/api/contract/sandbox-controls";
import { addFaultRuleAction, type FaultRuleForm, removeFaultRuleAction } from "../actions";

const EFFECTS: { value: FaultRuleForm["kind"]; label: string }[] = [
  { value: "error", label: "Answer a documented error" },
  { value: "latency", label: "Add latency" },
  { value: "drop_before", label: "Drop the connection before the call" },
  { value: "drop_after_commit", label: "Drop the answer after the call committed" },
  { value: "job_failure", label: "Fail the job the call starts" },
];

export function describeEffect(effect: FaultRuleView["effect"]): string {
  switch (effect.kind) {
    case "error":
      return `error ${effect.code}`;
    case "latency":
      return `+${effect.ms} ms`;
    case "drop_before":
      return "dropped before the call";
    case "drop_after_commit":
      return "answer lost after commit";
    case "job_failure":
      return `job fails: ${effect.code}`;
  }
}

const EMPTY: FaultRuleForm = {
  operationId: "",
  kind: "error",
  code: "",
  jobCode: "",
  jobMessage: "",
  ms: "",
  retryAfterSeconds: "",
  times: "1",
  probability: "",
};

/** A Master's fault rules: added from each operation's documented errors, counted, removable. */
export function FaultRulesPanel({
  rules,
  operations,
}: {
  rules: FaultRuleView[];
  operations: InjectableOperation[];
}) {
  const [form, setForm] = useState<FaultRuleForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const adding = useActionCall((rule: FaultRuleForm) => addFaultRuleAction(rule), {
    onSuccess: (data) => {
      setErrors({});
      setForm(EMPTY);
      return { tone: "success", text: `Rule ${data.id} added.` };
    },
    onRefusal: (refusal) => setErrors(refusal.fieldErrors ?? {}),
  });
  const removing = useActionCall((id: string) => removeFaultRuleAction(id), {
    onSuccess: (_data, { input: id }) => ({ tone: "success", text: `Rule ${id} removed.` }),
  });
  const pending = adding.pending || removing.pending;
  // One notice: the last action's (each clears the other's when it starts).
  const notice = adding.notice ?? removing.notice;
  const op = operations.find((o) => o.operationId === form.operationId);
  const set = (patch: Partial<FaultRuleForm>) => setForm((f) => ({ ...f, ...patch }));
  /** A text field of the form: its value, its error and its change. */
  const text = (name: Exclude<keyof FaultRuleForm, "kind">) => ({
    value: form[name] ?? "",
    error: errors[name],
    onChange: (e: { target: { value: string } }) => set({ [name]: e.target.value }),
  });

  const add = (event: FormEvent) => {
    event.preventDefault();
    removing.setNotice(null);
    adding.run(form);
  };
  const remove = (id: string) => {
    adding.setNotice(null);
    removing.run(id);
  };

  return (
    <div className="space-y-4">
      {notice ? (
        <Alert
          tone={notice.tone}
          title={notice.title ?? (notice.tone === "success" ? "Done" : "Not done")}
        >
          {notice.text}
        </Alert>
      ) : null}
      <DataTable
        caption="Fault rules"
        columns={["Rule", "Operation", "Effect", "Left", "Fired", ""]}
        rows={rules}
        keyOf={(r) => r.id}
        rowTestId="fault-rule"
        empty="No fault rules: every call runs as usual."
        cells={(r) => [
          <code key="id">{r.id}</code>,
          r.operationId,
          describeEffect(r.effect),
          r.remaining === null ? "every call" : String(r.remaining),
          String(r.firedCount),
          <Button
            key="rm"
            variant="ghost"
            disabled={pending}
            onClick={() => remove(r.id)}
            aria-label={`Remove rule ${r.id}`}
          >
            Remove
          </Button>,
        ]}
      />
      <form aria-label="Add a fault rule" className="grid gap-4 sm:grid-cols-2" onSubmit={add}>
        <SelectField
          label="Operation"
          value={form.operationId}
          error={errors.operationId}
          onChange={(e) => set({ operationId: e.target.value, code: "" })}
        >
          <option value="">Choose…</option>
          {operations.map((o) => (
            <option key={o.operationId} value={o.operationId}>
              {o.operationId} ({o.method} {o.path})
            </option>
          ))}
        </SelectField>
        <SelectField
          choices={EFFECTS.map((e) => [e.value, e.label] as const)}
          label="Effect"
          value={form.kind}
          error={errors.kind}
          onChange={(e) => set({ kind: e.target.value as FaultRuleForm["kind"] })}
        />
        {form.kind === "error" ? (
          <>
            <SelectField
              label="Error"
              value={form.code}
              error={errors.code}
              disabled={!op}
              hint={
                op ? undefined : "Choose the operation first: its documented errors are listed."
              }
              onChange={(e) => set({ code: e.target.value })}
            >
              <option value="">Choose…</option>
              {op?.errors.map((e) => (
                <option key={e.code} value={e.code}>
                  {e.status} {e.code}
                  {e.retryable ? " (retryable)" : ""}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Retry-After seconds (retryable errors)"
              inputMode="numeric"
              {...text("retryAfterSeconds")}
            />
          </>
        ) : null}
        {form.kind === "job_failure" ? (
          <>
            <TextField label="Job error code" {...text("jobCode")} />
            <TextField label="Job error message" {...text("jobMessage")} />
          </>
        ) : null}
        {form.kind === "latency" ? (
          <TextField label="Latency (ms)" inputMode="numeric" {...text("ms")} />
        ) : null}
        <TextField
          label="Next N calls"
          hint="Empty: every matching call."
          inputMode="numeric"
          {...text("times")}
        />
        <TextField
          label="Probability (0–1)"
          hint="Empty: always."
          inputMode="decimal"
          {...text("probability")}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending}>
            {pending ? "Adding…" : "Add the rule"}
          </Button>
        </div>
      </form>
    </div>
  );
}
