"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
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
  const { pending, notice, run } = useActionCall(() => connectAgentAction(), {
    onSuccess: (data) => window.location.assign(data.redirectUrl),
  });
  return (
    <div className="space-y-2">
      <ActionNotice notice={notice} />
      <Button disabled={pending} onClick={() => run()}>
        {pending ? "Opening the consent page…" : "Connect the console"}
      </Button>
    </div>
  );
}

/**
 * The demo account's service sign-in, for the consent page: shown only after a click, and only
 * the signed-in account's own (the sign-in page never carries it).
 */
export function RevealDemoSignIn() {
  const [shown, setShown] = useState<{ login: string; password: string } | null>(null);
  const { pending, notice, run } = useActionCall(() => revealDemoSignInAction(), {
    onSuccess: (data) => setShown(data),
  });
  if (shown)
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm" data-testid="demo-service-sign-in">
        <dt className="text-slate-600">Login</dt>
        <dd>
          <code>{shown.login}</code>
        </dd>
        <dt className="text-slate-600">Password</dt>
        <dd>
          <code>{shown.password}</code>
        </dd>
      </dl>
    );
  return (
    <div className="space-y-2">
      <ActionNotice notice={notice} />
      <Button variant="secondary" disabled={pending} onClick={() => run()}>
        Show this demo account&apos;s service sign-in
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
  const router = useRouter();
  const [outcome, setOutcome] = useState<PlaygroundOutcome | null>(null);
  const form = useForm<PlaygroundForm>({
    resolver: zodResolver(playgroundForm),
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
        aria-label="Tool playground"
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
          label="Tool"
          options={{
            onChange: (event: { target: { value: string } }) =>
              form.setValue(
                "arguments",
                exampleArguments(tools.find((t) => t.name === event.target.value)),
              ),
          }}
        >
          {tools.map((t) => (
            <option key={t.name} value={t.name}>
              {t.name} ({t.costClass === "free" ? "free" : "paid"})
            </option>
          ))}
        </FormSelect>
        <FormTextarea
          of={form}
          name="arguments"
          label="Arguments (JSON)"
          hint="A paid tool needs an idempotencyKey; keep it to repeat a call without a second charge."
          rows={6}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? "Calling…" : "Call the tool"}
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              call.setNotice(null);
              disconnect.run();
            }}
          >
            Disconnect
          </Button>
        </div>
      </form>
      {outcome?.kind === "protocol-error" ? (
        <Alert tone="danger" title={`JSON-RPC error ${outcome.code}`}>
          {outcome.message} Change the arguments before calling again.
        </Alert>
      ) : null}
      {outcome?.kind === "result" ? (
        <div className="grid gap-3 lg:grid-cols-2" data-testid="playground-result">
          <Panel title="Data" testId="tool-data" value={outcome.result.data} />
          <Panel title="Billing" testId="tool-billing" value={outcome.result.billing} />
          <Panel title="Provenance" testId="tool-provenance" value={outcome.result.provenance} />
          <Panel title="Error" testId="tool-error" value={outcome.result.error} />
        </div>
      ) : null}
    </div>
  );
}
