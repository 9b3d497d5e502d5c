"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { ActionForm } from "@/components/forms/action-form";
import { FormSelect, FormText } from "@/components/forms/form-fields";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable } from "@/components/ui/table";
import { Facts } from "@/components/ui/facts";
import { type ActionResult } from "@/lib/actions/action-result";
import { useActionCall, useActionSubmit } from "@/lib/actions/use-action-submit";
import { isRole, ROLES } from "@/lib/auth/roles";
import {
  claimDomainAction,
  removeDomainAction,
  removeSingleSignOnAction,
  saveSingleSignOnAction,
  verifyDomainAction,
} from "../actions";
import {
  domainClaimSchema,
  type DomainClaimValues,
  singleSignOnSchema,
  type SingleSignOnValues,
} from "../_lib/organization.schema";

interface DomainRow {
  domain: string;
  recordName: string;
  recordValue: string;
  /** When it was verified, in words; null while it waits for its DNS record. */
  verified: string | null;
}

/**
 * The organization's single sign-on: the email domains it vouches for, each proven with a DNS
 * record, and its identity provider (OpenID Connect) with the role people of those domains join
 * with.
 */
export function SingleSignOn({
  current,
  domains,
  redirectUri,
}: {
  current: { issuer: string; clientId: string; defaultRole: string } | null;
  domains: DomainRow[];
  redirectUri: string;
}) {
  const t = useTranslations("organization.singleSignOn");
  const roles = useTranslations("roles");
  const router = useRouter();
  const turnOff = useActionCall(() => removeSingleSignOnAction(), {
    onSuccess: () => router.refresh(),
    onRefusal: () => router.refresh(),
  });
  const form = useForm<SingleSignOnValues>({
    resolver: zodResolver(singleSignOnSchema, { error: humanIssue }),
    defaultValues: {
      issuer: current?.issuer ?? "",
      clientId: current?.clientId ?? "",
      clientSecret: "",
      defaultRole: (current?.defaultRole as SingleSignOnValues["defaultRole"]) ?? "viewer",
    },
  });
  const run = useActionSubmit(form, (values) => saveSingleSignOnAction(values), {
    onSuccess: () => {
      form.setValue("clientSecret", "");
      router.refresh();
    },
  });
  const verified = domains.filter((d) => d.verified).map((d) => d.domain);
  return (
    <div className="space-y-6">
      <Facts
        facts={[
          [t("redirect"), <code key="r">{redirectUri}</code>],
          [
            t("now"),
            current
              ? verified.length
                ? t("nowOn", {
                    issuer: current.issuer,
                    domains: verified.join(", "),
                    role: isRole(current.defaultRole)
                      ? roles(`${current.defaultRole}.lower`)
                      : current.defaultRole,
                  })
                : t("nowNoDomain", { issuer: current.issuer })
              : t("nowOff"),
            "single-sign-on-state",
          ],
        ]}
      />
      <DomainClaims domains={domains} />
      <ActionForm
        label={t("form")}
        run={run}
        button={[current ? t("save") : t("turnOn"), t("pending")]}
      >
        <FormText of={form} name="issuer" label={t("issuer")} autoComplete="off" />
        <FormText of={form} name="clientId" label={t("clientId")} autoComplete="off" />
        <FormText
          of={form}
          name="clientSecret"
          label={t("clientSecret")}
          type="password"
          autoComplete="off"
          hint={t("clientSecretHint")}
        />
        <FormSelect
          of={form}
          name="defaultRole"
          label={t("defaultRole")}
          choices={ROLES.filter((r) => r !== "owner").map((r) => [r, roles(`${r}.name`)] as const)}
        />
      </ActionForm>
      <ActionNotice notice={turnOff.notice} />
      {current ? (
        <Button variant="secondary" disabled={turnOff.pending} onClick={() => turnOff.run()}>
          {t("turnOff")}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The domains claimed for single sign-on: a claim shows the DNS record that proves it, and
 * counts once the console read that record.
 */
function DomainClaims({ domains }: { domains: DomainRow[] }) {
  const t = useTranslations("organization.singleSignOn.domains");
  const router = useRouter();
  const { pending, notice, run } = useActionCall(
    (change: { send: () => Promise<ActionResult<null>>; done: string }) => change.send(),
    {
      onSuccess: (_data, { input }) => {
        router.refresh();
        return { tone: "success", text: input.done };
      },
      onRefusal: () => router.refresh(),
    },
  );
  const form = useForm<DomainClaimValues>({
    resolver: zodResolver(domainClaimSchema, { error: humanIssue }),
    defaultValues: { domain: "" },
  });
  const claim = useActionSubmit(form, (values) => claimDomainAction(values), {
    onSuccess: () => {
      form.reset({ domain: "" });
      router.refresh();
    },
  });
  const act = (send: () => Promise<ActionResult<null>>, done: string) => run({ send, done });
  return (
    <section aria-labelledby="sso-domains" className="space-y-3">
      <h3 id="sso-domains" className="text-sm font-semibold">
        {t("heading")}
      </h3>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      <ActionNotice notice={notice} />
      <DataTable
        caption={t("caption")}
        columns={[
          t("columns.domain"),
          t("columns.record"),
          t("columns.state"),
          t("columns.actions"),
        ]}
        rows={domains}
        keyOf={(d) => d.domain}
        rowTestId="sso-domain-row"
        empty={t("empty")}
        cells={(d) => [
          d.domain,
          <span key="r" className="flex flex-col gap-1 text-xs">
            <code className="break-all">{d.recordName}</code>
            <span className="flex flex-wrap items-center gap-2">
              <code className="break-all" data-testid="sso-domain-record">
                {d.recordValue}
              </code>
              <CopyButton
                text={d.recordValue}
                label={t("copy")}
                accessibleLabel={t("copyRecord", { domain: d.domain })}
                compact
              />
            </span>
          </span>,
          d.verified ? t("verified", { at: d.verified }) : t("waiting"),
          <span key="a" className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={pending}
              aria-label={t("checkOf", { domain: d.domain })}
              onClick={() =>
                act(
                  () => verifyDomainAction({ domain: d.domain }),
                  t("nowVerified", { domain: d.domain }),
                )
              }
            >
              {d.verified ? t("checkAgain") : t("check")}
            </Button>
            <Button
              variant="secondary"
              disabled={pending}
              aria-label={t("removeOf", { domain: d.domain })}
              onClick={() =>
                act(
                  () => removeDomainAction({ domain: d.domain }),
                  t("removed", { domain: d.domain }),
                )
              }
            >
              {t("remove")}
            </Button>
          </span>,
        ]}
      />
      <ActionForm label={t("form")} run={claim} button={[t("submit"), t("pending")]}>
        <FormText of={form} name="domain" label={t("domain")} autoComplete="off" />
      </ActionForm>
    </section>
  );
}
