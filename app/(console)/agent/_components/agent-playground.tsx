"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { type PlaygroundForm, playgroundForm } from "../_lib/playground.schema";
import { FormSelect, FormTextarea } from "@/components/forms/form-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useActionCall, useActionSubmit } from "@/lib/actions/use-action-submit";
import { newIdempotencyKey } from "@/lib/actions/use-idempotency-key";
import type { PlaygroundOutcome } from "@/lib/agent/agent-connection";
import {
  callAgentToolAction,
  connectAgentAction,
  disconnectAgentAction,
  revealDemoSignInAction,
} from "../actions";

export function ConnectAgentButton() {
  const t = useTranslations("agent.playground");
  const { pending, notice, run } = useActionCall(() => connectAgentAction(), {
    onSuccess: (data) => window.location.assign(data.redirectUrl),
  });
  return (
    <div className="space-y-2">
      <ActionNotice notice={notice} />
      <Button disabled={pending} onClick={() => run()}>
        {pending ? t("connectPending") : t("connect")}
      </Button>
    </div>
  );
}

/**
 * The demo account's service sign-in, for the consent page: shown only after a click, and only
 * the signed-in account's own (the sign-in page never carries it).
 */
export function RevealDemoSignIn() {
  const t = useTranslations("agent.playground");
  const [shown, setShown] = useState<{ login: string; password: string } | null>(null);
  const { pending, notice, run } = useActionCall(() => revealDemoSignInAction(), {
    onSuccess: (data) => setShown(data),
  });
  if (shown)
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm" data-testid="demo-service-sign-in">
        <dt className="text-slate-600">{t("login")}</dt>
        <dd>
          <code>{shown.login}</code>
        </dd>
        <dt className="text-slate-600">{t("password")}</dt>
        <dd>
          <code>{shown.password}</code>
        </dd>
      </dl>
    );
  return (
    <div className="space-y-2">
      <ActionNotice notice={notice} />
      <Button variant="secondary" disabled={pending} onClick={() => run()}>
        {t("reveal")}
      </Button>
    </div>
  );
}

/** Arguments to start from: every required field, and a fresh key for a paid tool. */
function exampleArguments(tool: ToolChoice | undefined): string {
  if (!tool) return "{}";
  const example: Record<string, unknown> = {};
  for (const field of tool.required)
    example[field] = field === "idempotencyKey" ? newIdempotencyKey() : "";
  return JSON.stringify(example, null, 2);
}

export interface ToolChoice {
  name: string;
  costClass: "free" | "metered";
  required: string[];
}

function Panel({ title, testId, value }: { title: string; testId: string; value: unknown }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-md border border-slate-200 p-3">
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      <pre data-testid={testId} className="overflow-x-auto text-xs whitespace-pre-wrap break-all">
        {value === null || value === undefined ? "—" : JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}

export function AgentPlayground({ tools }: { tools: ToolChoice[] }) {
  const t = useTranslations("agent.playground");
  const router = useRouter();
  const [outcome, setOutcome] = useState<PlaygroundOutcome | null>(null);
  const form = useForm<PlaygroundForm>({
    resolver: zodResolver(playgroundForm, { error: humanIssue }),
    defaultValues: { tool: tools[0]?.name ?? "", arguments: exampleArguments(tools[0]) },
  });
  const call = useActionSubmit(form, (values) => callAgentToolAction(values), {
    onSuccess: (data) => setOutcome(data),
    onRefusal: () => setOutcome(null),
    onUnknown: () => setOutcome(null),
  });
  const disconnect = useActionCall(() => disconnectAgentAction(), {
    onSuccess: () => router.refresh(),
    onRefusal: () => router.refresh(),
  });
  const pending = call.pending || disconnect.pending;
  const notice = call.notice ?? disconnect.notice;
  return (
    <div className="space-y-4">
      <form
        noValidate
        aria-label={t("label")}
        className="space-y-4"
        onSubmit={(event) => {
          disconnect.setNotice(null);
          return call.submit(event);
        }}
      >
        <ActionNotice notice={notice} />
        <FormSelect
          of={form}
          name="tool"
          label={t("tool")}
          options={{
            onChange: (event: { target: { value: string } }) =>
              form.setValue(
                "arguments",
                exampleArguments(tools.find((tool) => tool.name === event.target.value)),
              ),
          }}
        >
          {tools.map((tool) => (
            <option key={tool.name} value={tool.name}>
              {t("toolOption", { name: tool.name, cost: tool.costClass })}
            </option>
          ))}
        </FormSelect>
        <FormTextarea
          of={form}
          name="arguments"
          label={t("arguments")}
          hint={t("argumentsHint")}
          rows={6}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? t("pending") : t("submit")}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              call.setNotice(null);
              disconnect.run();
            }}
          >
            {t("disconnect")}
          </Button>
        </div>
      </form>
      {outcome?.kind === "protocol-error" ? (
        <Alert tone="danger" title={t("protocolError", { code: String(outcome.code) })}>
          {t("protocolErrorBody", { message: outcome.message })}
        </Alert>
      ) : null}
      {outcome?.kind === "result" ? (
        <div className="grid gap-3 lg:grid-cols-2" data-testid="playground-result">
          <Panel title={t("data")} testId="tool-data" value={outcome.result.data} />
          <Panel title={t("billing")} testId="tool-billing" value={outcome.result.billing} />
          <Panel
            title={t("provenance")}
            testId="tool-provenance"
            value={outcome.result.provenance}
          />
          <Panel title={t("error")} testId="tool-error" value={outcome.result.error} />
        </div>
      ) : null}
    </div>
  );
}
