"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import {
  FormCheckbox,
  FormEndpointKeys,
  FormMonthlyCap,
  FormText,
} from "@/components/forms/form-fields";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@/components/ui/link";
import { useCallback, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { KeyReveal, type RevealedKey } from "@/components/keys/key-reveal";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { formatMinor } from "@/lib/format";
import { createWorkspaceAction } from "../../actions";
import {
  EMPTY_WORKSPACE_FORM,
  workspaceForm,
  type WorkspaceFormValues,
  workspaceFormToRequest,
} from "../../_lib/workspace-form.schema";

type Created = {
  workspace: {
    id: string | null;
    clientId: string | null;
    name: string;
    externalReference: string;
  };
  problems: string[];
  allowlist: string[];
  grant: { reference: string; monthlyCapMinor: number | null; currency: string } | null;
  apiKey: RevealedKey;
};

const FIELDS = [
  "name",
  "externalReference",
  "endpointKeys",
  "applicationLabel",
  "grantReference",
  "monthlyCap",
] as const;

/** Provisioning is not replay-safe: an unknown outcome is stated and recorded, never retried. */
export function WorkspaceForm() {
  const [created, setCreated] = useState<Created | null>(null);
  const [handedOff, setHandedOff] = useState(false);
  const form = useForm<WorkspaceFormValues>({
    resolver: zodResolver(workspaceForm),
    defaultValues: EMPTY_WORKSPACE_FORM,
  });
  const sponsor = useWatch({ control: form.control, name: "sponsor" });
  const finishHandOff = useCallback(() => setHandedOff(true), []);

  const unknown = ({ externalReference }: WorkspaceFormValues) => (
    <>
      The service did not confirm whether the workspace “{externalReference}” was provisioned, and
      the console did not send the request again. The attempt is in the{" "}
      <Link href="/workspaces" className="underline">
        workspace registry
      </Link>{" "}
      as “unknown”. Sending it again could create a second Client; a repeated external reference
      would be refused if the first attempt did succeed. Its API key could not be shown and cannot
      be recovered.
    </>
  );

  const { pending, notice, run } = useActionCall(
    (values: WorkspaceFormValues) => createWorkspaceAction(workspaceFormToRequest(values)),
    {
      onSuccess: (data) => setCreated(data as Created),
      unknownText: unknown,
      onRefusal: (result) => {
        for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
          const name = field.startsWith("sponsorship.monthlyCapMinor")
            ? "monthlyCap"
            : field.startsWith("sponsorship.reference")
              ? "grantReference"
              : field;
          if ((FIELDS as readonly string[]).includes(name))
            form.setError(name as (typeof FIELDS)[number], { message });
        }
        const clientId =
          typeof result.details?.workspaceClientId === "string"
            ? result.details.workspaceClientId
            : null;
        const workspaceId =
          typeof result.details?.workspaceId === "string" ? result.details.workspaceId : null;
        return {
          tone: "danger",
          text:
            result.code === "workspace_reference_exists" ? (
              <>
                {result.message}{" "}
                {clientId ? (
                  <Link className="underline" href={`/sub-users/${encodeURIComponent(clientId)}`}>
                    Open workspace {workspaceId ?? clientId}
                  </Link>
                ) : workspaceId ? (
                  <>Workspace id: {workspaceId}.</>
                ) : null}
              </>
            ) : (
              result.message
            ),
        };
      },
    },
  );
  const onSubmit = form.handleSubmit((values) => run(values));

  if (created) {
    return (
      <div className="space-y-6">
        <Alert tone="success" title="Workspace provisioned">
          <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
            <dt>Workspace</dt>
            <dd>
              {created.workspace.name} · <code>{created.workspace.id ?? "id not reported"}</code>
            </dd>
            <dt>External reference</dt>
            <dd>{created.workspace.externalReference}</dd>
            <dt>Client</dt>
            <dd>
              {created.workspace.clientId ? (
                <code>{created.workspace.clientId}</code>
              ) : (
                "not reported (the workspace id is not a Client id)"
              )}
            </dd>
            <dt>Allowlist</dt>
            <dd>{created.allowlist.join(", ")}</dd>
            <dt>Grant</dt>
            <dd>
              {created.grant
                ? `${created.grant.reference}, ${created.grant.monthlyCapMinor === null ? "no cap" : `cap ${formatMinor(created.grant.monthlyCapMinor, created.grant.currency)} per month`}`
                : "none"}
            </dd>
          </dl>
        </Alert>
        {created.problems.length ? (
          <Alert tone="warning" title="Check this answer">
            <ul className="list-disc pl-5">
              {created.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {handedOff ? (
          <Alert tone="info" title="Hand-off complete">
            The key is no longer shown.{" "}
            <Link href="/workspaces" className="underline">
              Back to the workspaces
            </Link>
          </Alert>
        ) : (
          <>
            <p className="text-sm font-medium">
              Hand the key to the partner now: copy it, give it to them over a safe channel, then
              confirm.
            </p>
            <KeyReveal
              apiKey={created.apiKey}
              owner={created.workspace.name}
              onDone={finishHandOff}
            />
          </>
        )}
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label="Provision a partner workspace"
    >
      <ActionNotice notice={notice} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormText of={form} name="name" label="Name" autoComplete="off" />
        <FormText
          of={form}
          name="externalReference"
          label="External reference"
          autoComplete="off"
          hint="Your unique id for this partner, e.g. a CRM number."
        />
        <FormText
          of={form}
          name="applicationLabel"
          label="Application label (optional)"
          autoComplete="off"
          hint="Label of the workspace's API key."
        />
      </div>
      <FormEndpointKeys
        of={form}
        name="endpointKeys"
        legend="Endpoint keys the workspace may call (1 to 50)"
      />
      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium">Sponsorship</legend>
        <FormCheckbox of={form} name="sponsor">
          Cover this workspace&apos;s calls with a grant from you
        </FormCheckbox>
        {sponsor ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormText
              of={form}
              name="grantReference"
              label="Grant reference (optional)"
              hint="Empty: the service chooses one."
            />
            <FormMonthlyCap of={form} name="monthlyCap" />
            <FormCheckbox of={form} name="allowPartnerTerms">
              Permit switching to your terms
            </FormCheckbox>
          </div>
        ) : null}
      </fieldset>
      <p className="text-sm text-slate-600">
        The service answers with the workspace&apos;s API key, shown to you once for the hand-off.
      </p>
      <Button type="submit" disabled={pending}>
        {pending ? "Provisioning…" : "Provision workspace"}
      </Button>
    </form>
  );
}
