"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ActionForm } from "@/components/forms/action-form";
import { FormSelect, FormText } from "@/components/forms/form-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable } from "@/components/ui/table";
import { useActionCall, useActionSubmit } from "@/lib/actions/use-action-submit";
import { ROLES, type Role } from "@/lib/auth/roles";
import { inviteAction, revokeInvitationAction } from "../actions";
import { inviteSchema, type InviteValues } from "../_lib/organization.schema";
import { useFormats } from "@/components/i18n/formats-provider";

/**
 * Inviting people: an address and a role give a single-use link, valid for `days` days, mailed
 * when the console has an SMTP server and shown here once either way, with whether the mail went;
 * open invitations can be revoked.
 */
export function Invitations({
  open,
  days,
  makesOwners,
  ownersOnlyText,
}: {
  open: { id: string; email: string; role: Role; expiresAt: string }[];
  days: number;
  makesOwners: boolean;
  /** Why an owner's invitation is not this session's to revoke. */
  ownersOnlyText?: string;
}) {
  const formats = useFormats();
  const t = useTranslations("organization.invitations");
  const roles = useTranslations("roles");
  const router = useRouter();
  const [created, setCreated] = useState<{
    link: string;
    email: string;
    mail: "sent" | "not-configured" | "failed";
  } | null>(null);
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema, { error: humanIssue }),
    defaultValues: { email: "", role: "operator" },
  });
  const run = useActionSubmit(form, (values) => inviteAction(values), {
    onSuccess: (created) => {
      setCreated(created);
      form.reset({ email: "", role: form.getValues("role") });
      router.refresh();
    },
    noAnswerText: t("noAnswer"),
  });
  const revoke = useActionCall((id: string) => revokeInvitationAction({ id }), {
    onSuccess: () => router.refresh(),
    onRefusal: () => router.refresh(),
  });
  const { pending, notice } = revoke;
  return (
    <div className="space-y-4">
      <ActionForm label={t("form")} run={run} button={[t("submit"), t("pending")]}>
        <FormText of={form} name="email" label={t("email")} type="email" autoComplete="off" />
        <FormSelect
          of={form}
          name="role"
          label={t("role")}
          choices={ROLES.filter((r) => makesOwners || r !== "owner").map(
            (r) =>
              [r, t("roleChoice", { role: roles(`${r}.name`), does: roles(`${r}.does`) })] as const,
          )}
        />
      </ActionForm>
      {created ? (
        <Alert tone="success" title={t("created.title", { email: created.email })}>
          <p data-testid="invitation-mail">
            {created.mail === "sent"
              ? t("created.sent", { email: created.email, days })
              : created.mail === "failed"
                ? t("created.failed", { email: created.email, days })
                : t("created.notConfigured", { days })}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <code className="break-all" data-testid="invitation-link">
              {created.link}
            </code>
            <CopyButton
              text={created.link}
              label={t("created.copy")}
              accessibleLabel={t("created.copyLink")}
              compact
            />
          </p>
        </Alert>
      ) : null}
      <ActionNotice notice={notice} />
      <DataTable
        caption={t("open.caption")}
        columns={[
          t("open.columns.email"),
          t("open.columns.role"),
          t("open.columns.expires"),
          t("open.columns.revoke"),
        ]}
        rows={open}
        keyOf={(i) => i.id}
        rowTestId="invitation-row"
        empty={t("open.empty")}
        cells={(i) => [
          i.email,
          roles(`${i.role}.name`),
          formats.dateTime(new Date(i.expiresAt)),
          <Button
            key="r"
            variant="secondary"
            disabled={pending || (i.role === "owner" && !makesOwners)}
            title={i.role === "owner" && !makesOwners ? ownersOnlyText : undefined}
            aria-label={t("open.revokeOf", { email: i.email })}
            onClick={() => revoke.run(i.id)}
          >
            {t("open.revoke")}
          </Button>,
        ]}
      />
    </div>
  );
}
