"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import {
  FormCheckbox,
  FormEndpointKeys,
  FormMonthlyCap,
  FormText,
} from "@/components/forms/form-fields";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { Link } from "@/components/ui/link";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { KeyReveal, type RevealedKey } from "@/components/keys/key-reveal";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { createWorkspaceAction } from "../../actions";
import {
  EMPTY_WORKSPACE_FORM,
  workspaceForm,
  type WorkspaceFormValues,
  workspaceFormToRequest,
} from "../../_lib/workspace-form.schema";
import { useFormats } from "@/components/i18n/formats-provider";

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
  const formats = useFormats();
  const t = useTranslations("workspaces.form");
  const [created, setCreated] = useState<Created | null>(null);
  const [handedOff, setHandedOff] = useState(false);
  const form = useForm<WorkspaceFormValues>({
    resolver: zodResolver(workspaceForm, { error: humanIssue }),
    defaultValues: EMPTY_WORKSPACE_FORM,
  });
  const sponsor = useWatch({ control: form.control, name: "sponsor" });
  const finishHandOff = useCallback(() => setHandedOff(true), []);

  const unknown = ({ externalReference }: WorkspaceFormValues) => (
    <>
      {t.rich("unknown", {
        reference: externalReference,
        link: (chunks) => (
          <Link href="/workspaces" className="underline">
            {chunks}
          </Link>
        ),
      })}
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
                    {t("openWorkspace", { id: workspaceId ?? clientId })}
                  </Link>
                ) : workspaceId ? (
                  <>{t("workspaceId", { id: workspaceId })}</>
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
        <Alert tone="success" title={t("provisioned")}>
          <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
            <dt>{t("workspace")}</dt>
            <dd>
              {created.workspace.name} · <code>{created.workspace.id ?? t("idNotReported")}</code>
            </dd>
            <dt>{t("externalReference")}</dt>
            <dd>{created.workspace.externalReference}</dd>
            <dt>{t("client")}</dt>
            <dd>
              {created.workspace.clientId ? (
                <code>{created.workspace.clientId}</code>
              ) : (
                t("clientNotReported")
              )}
            </dd>
            <dt>{t("allowlist")}</dt>
            <dd>{created.allowlist.join(", ")}</dd>
            <dt>{t("grant")}</dt>
            <dd>
              {created.grant
                ? created.grant.monthlyCapMinor === null
                  ? t("grantNoCap", { reference: created.grant.reference })
                  : t("grantCap", {
                      reference: created.grant.reference,
                      cap: formats.money(created.grant.monthlyCapMinor, created.grant.currency),
                    })
                : t("none")}
            </dd>
          </dl>
        </Alert>
        {created.problems.length ? (
          <Alert tone="warning" title={t("checkAnswer")}>
            <ul className="list-disc pl-5">
              {created.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {handedOff ? (
          <Alert tone="info" title={t("handOffComplete")}>
            {t("keyHidden")}{" "}
            <Link href="/workspaces" className="underline">
              {t("back")}
            </Link>
          </Alert>
        ) : (
          <>
            <p className="text-sm font-medium">{t("handOff")}</p>
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
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t("label")}>
      <ActionNotice notice={notice} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormText of={form} name="name" label={t("name")} autoComplete="off" />
        <FormText
          of={form}
          name="externalReference"
          label={t("externalReference")}
          autoComplete="off"
          hint={t("externalReferenceHint")}
        />
        <FormText
          of={form}
          name="applicationLabel"
          label={t("applicationLabel")}
          autoComplete="off"
          hint={t("applicationLabelHint")}
        />
      </div>
      <FormEndpointKeys of={form} name="endpointKeys" legend={t("endpointKeys")} />
      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium">{t("sponsorship")}</legend>
        <FormCheckbox of={form} name="sponsor">
          {t("sponsor")}
        </FormCheckbox>
        {sponsor ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormText
              of={form}
              name="grantReference"
              label={t("grantReference")}
              hint={t("grantReferenceHint")}
            />
            <FormMonthlyCap of={form} name="monthlyCap" />
            <FormCheckbox of={form} name="allowPartnerTerms">
              {t("partnerTerms")}
            </FormCheckbox>
          </div>
        ) : null}
      </fieldset>
      <p className="text-sm text-slate-600">{t("keyOnce")}</p>
      <Button type="submit" disabled={pending}>
        {pending ? t("pending") : t("submit")}
      </Button>
    </form>
  );
}
