"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { ActionForm } from "@/components/forms/action-form";
import { FormSelect, FormText } from "@/components/forms/form-fields";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable } from "@/components/ui/table";
import { Facts } from "@/components/ui/facts";
import { type ActionResult } from "@/lib/actions/action-result";
import { useActionCall, useActionSubmit } from "@/lib/actions/use-action-submit";
import { ROLE_WORDS, ROLES } from "@/lib/auth/roles";
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
  const router = useRouter();
  const turnOff = useActionCall(() => removeSingleSignOnAction(), {
    onSuccess: () => router.refresh(),
    onRefusal: () => router.refresh(),
  });
  const form = useForm<SingleSignOnValues>({
    resolver: zodResolver(singleSignOnSchema),
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
          ["Redirect address", <code key="r">{redirectUri}</code>],
          [
            "Now",
            current
              ? verified.length
                ? `${current.issuer}, for people of ${verified.join(", ")} (join as ${current.defaultRole})`
                : `${current.issuer}: no verified domain yet, so it signs nobody in.`
              : "No identity provider: people sign in with passkeys or passwords.",
            "single-sign-on-state",
          ],
        ]}
      />
      <DomainClaims domains={domains} />
      <ActionForm
        label="Single sign-on"
        run={run}
        button={[
          current ? "Save and check the provider" : "Check and turn on",
          "Checking the provider…",
        ]}
      >
        <FormText of={form} name="issuer" label="Issuer" autoComplete="off" />
        <FormText of={form} name="clientId" label="Client id" autoComplete="off" />
        <FormText
          of={form}
          name="clientSecret"
          label="Client secret"
          type="password"
          autoComplete="off"
          hint="Kept encrypted; it is never shown again."
        />
        <FormSelect
          of={form}
          name="defaultRole"
          label="Role of people who join this way"
          choices={ROLES.filter((r) => r !== "owner").map((r) => [r, ROLE_WORDS[r].name] as const)}
        />
      </ActionForm>
      <ActionNotice notice={turnOff.notice} />
      {current ? (
        <Button variant="secondary" disabled={turnOff.pending} onClick={() => turnOff.run()}>
          Turn single sign-on off
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
    resolver: zodResolver(domainClaimSchema),
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
        Email domains
      </h3>
      <p className="text-sm text-slate-600">
        Single sign-on signs in people of the domains this organization proved it controls, and no
        others: publish the record shown in the domain&apos;s DNS, then check it. One domain belongs
        to one organization here at a time.
      </p>
      <ActionNotice notice={notice} />
      <DataTable
        caption="Domains claimed for single sign-on"
        columns={["Domain", "DNS record (TXT)", "State", "Actions"]}
        rows={domains}
        keyOf={(d) => d.domain}
        rowTestId="sso-domain-row"
        empty="No domain yet."
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
                label="Copy"
                accessibleLabel={`Copy the record of ${d.domain}`}
                compact
              />
            </span>
          </span>,
          d.verified ? `Verified ${d.verified}` : "Waiting for its DNS record",
          <span key="a" className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={pending}
              aria-label={`Check the DNS record of ${d.domain}`}
              onClick={() =>
                act(
                  () => verifyDomainAction({ domain: d.domain }),
                  `${d.domain} is verified: single sign-on vouches for its addresses.`,
                )
              }
            >
              {d.verified ? "Check again" : "Check DNS"}
            </Button>
            <Button
              variant="secondary"
              disabled={pending}
              aria-label={`Remove ${d.domain}`}
              onClick={() =>
                act(() => removeDomainAction({ domain: d.domain }), `${d.domain} was removed.`)
              }
            >
              Remove
            </Button>
          </span>,
        ]}
      />
      <ActionForm label="Claim a domain" run={claim} button={["Claim", "Claiming…"]}>
        <FormText of={form} name="domain" label="Email domain" autoComplete="off" />
      </ActionForm>
    </section>
  );
}
