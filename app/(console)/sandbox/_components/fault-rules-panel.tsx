"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { DataTable } from "@/components/ui/table";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { type FaultRuleView, type InjectableOperation } from "@/lib/api/contract/sandbox-controls";
import { addFaultRuleAction, type FaultRuleForm, removeFaultRuleAction } from "../actions";

/** The effects a rule can have, in order (their words: `sandbox.faults.effects`). */
const EFFECTS: FaultRuleForm["kind"][] = [
  "error",
  "latency",
  "drop_before",
  "drop_after_commit",
  "job_failure",
];

/** A rule's effect in words, with the `sandbox.faults` messages. */
function useDescribeEffect() {
  const t = useTranslations("sandbox.faults.describe");
  return (effect: FaultRuleView["effect"]): string => {
    switch (effect.kind) {
      case "error":
        return t("error", { code: effect.code });
      case "latency":
        return t("latency", { ms: effect.ms });
      case "drop_before":
        return t("drop_before");
      case "drop_after_commit":
        return t("drop_after_commit");
      case "job_failure":
        return t("job_failure", { code: effect.code });
    }
  };
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
  const t = useTranslations("sandbox.faults");
  const describeEffect = useDescribeEffect();
  const [form, setForm] = useState<FaultRuleForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const adding = useActionCall((rule: FaultRuleForm) => addFaultRuleAction(rule), {
    onSuccess: (data) => {
      setErrors({});
      setForm(EMPTY);
      return { tone: "success", text: t("added", { id: data.id }) };
    },
    onRefusal: (refusal) => setErrors(refusal.fieldErrors ?? {}),
  });
  const removing = useActionCall((id: string) => removeFaultRuleAction(id), {
    onSuccess: (_data, { input: id }) => ({ tone: "success", text: t("removed", { id }) }),
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
          title={notice.title ?? (notice.tone === "success" ? t("done") : t("notDone"))}
        >
          {notice.text}
        </Alert>
      ) : null}
      <DataTable
        caption={t("caption")}
        columns={[
          t("columns.rule"),
          t("columns.operation"),
          t("columns.effect"),
          t("columns.left"),
          t("columns.fired"),
          "",
        ]}
        rows={rules}
        keyOf={(r) => r.id}
        rowTestId="fault-rule"
        empty={t("empty")}
        cells={(r) => [
          <code key="id">{r.id}</code>,
          r.operationId,
          describeEffect(r.effect),
          r.remaining === null ? t("everyCall") : String(r.remaining),
          String(r.firedCount),
          <Button
            key="rm"
            variant="ghost"
            disabled={pending}
            onClick={() => remove(r.id)}
            aria-label={t("removeRule", { id: r.id })}
          >
            {t("remove")}
          </Button>,
        ]}
      />
      <form aria-label={t("form")} className="grid gap-4 sm:grid-cols-2" onSubmit={add}>
        <SelectField
          label={t("operation")}
          value={form.operationId}
          error={errors.operationId}
          onChange={(e) => set({ operationId: e.target.value, code: "" })}
        >
          <option value="">{t("choose")}</option>
          {operations.map((o) => (
            <option key={o.operationId} value={o.operationId}>
              {o.operationId} ({o.method} {o.path})
            </option>
          ))}
        </SelectField>
        <SelectField
          choices={EFFECTS.map((kind) => [kind, t(`effects.${kind}`)] as const)}
          label={t("effect")}
          value={form.kind}
          error={errors.kind}
          onChange={(e) => set({ kind: e.target.value as FaultRuleForm["kind"] })}
        />
        {form.kind === "error" ? (
          <>
            <SelectField
              label={t("error")}
              value={form.code}
              error={errors.code}
              disabled={!op}
              hint={op ? undefined : t("chooseOperationFirst")}
              onChange={(e) => set({ code: e.target.value })}
            >
              <option value="">{t("choose")}</option>
              {op?.errors.map((e) => (
                <option key={e.code} value={e.code}>
                  {e.status} {e.code}
                  {e.retryable ? t("retryable") : ""}
                </option>
              ))}
            </SelectField>
            <TextField label={t("retryAfter")} inputMode="numeric" {...text("retryAfterSeconds")} />
          </>
        ) : null}
        {form.kind === "job_failure" ? (
          <>
            <TextField label={t("jobCode")} {...text("jobCode")} />
            <TextField label={t("jobMessage")} {...text("jobMessage")} />
          </>
        ) : null}
        {form.kind === "latency" ? (
          <TextField label={t("latency")} inputMode="numeric" {...text("ms")} />
        ) : null}
        <TextField
          label={t("times")}
          hint={t("timesHint")}
          inputMode="numeric"
          {...text("times")}
        />
        <TextField
          label={t("probability")}
          hint={t("probabilityHint")}
          inputMode="decimal"
          {...text("probability")}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending}>
            {pending ? t("pending") : t("submit")}
          </Button>
        </div>
      </form>
    </div>
  );
}
