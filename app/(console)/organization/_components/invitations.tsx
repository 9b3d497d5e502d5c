"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ActionForm } from "@/components/forms/action-form";
import { FormSelect, FormText } from "@/components/forms/form-fields";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable } from "@/components/ui/table";
import { useActionCall, useActionSubmit } from "@/lib/actions/use-action-submit";
import { ROLE_WORDS, ROLES, type Role } from "@/lib/auth/roles";
import { formatDateTime } from "@/lib/format";
import { inviteAction, revokeInvitationAction } from "../actions";
import { inviteSchema, type InviteValues } from "../_lib/organization.schema";

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
  const router = useRouter();
  const [created, setCreated] = useState<{
    link: string;
    email: string;
    mail: "sent" | "not-configured" | "failed";
  } | null>(null);
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: "", role: "operator" },
  });
  const run = useActionSubmit(form, (values) => inviteAction(values), {
    onSuccess: (created) => {
      setCreated(created);
      form.reset({ email: "", role: form.getValues("role") });
      router.refresh();
    },
    noAnswerText:
      "The console did not answer: the invitation may have been made. Look at the open invitations below before inviting again.",
  });
  const revoke = useActionCall((id: string) => revokeInvitationAction({ id }), {
    onSuccess: () => router.refresh(),
    onRefusal: () => router.refresh(),
  });
  const { pending, notice } = revoke;
  return (
    <div className="space-y-4">
      <ActionForm label="Invite someone" run={run} button={["Invite", "Inviting…"]}>
        <FormText of={form} name="email" label="Email address" type="email" autoComplete="off" />
        <FormSelect
          of={form}
          name="role"
          label="Role"
          choices={ROLES.filter((r) => makesOwners || r !== "owner").map(
            (r) => [r, `${ROLE_WORDS[r].name}: ${ROLE_WORDS[r].does}`] as const,
          )}
        />
      </ActionForm>
      {created ? (
        <Alert tone="success" title={`Invitation for ${created.email}`}>
          <p data-testid="invitation-mail">
            {created.mail === "sent"
              ? `It was sent to ${created.email} by email. The link is also shown here, only now: it works once and for ${days} days.`
              : created.mail === "failed"
                ? `The email to ${created.email} could not be sent. Send this link to them yourself: it is shown only now, works once and for ${days} days.`
                : `Send this link to them yourself: it is shown only now, works once and for ${days} days.`}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2">
            <code className="break-all" data-testid="invitation-link">
              {created.link}
            </code>
            <CopyButton
              text={created.link}
              label="Copy"
              accessibleLabel="Copy the invitation link"
              compact
            />
          </p>
        </Alert>
      ) : null}
      <ActionNotice notice={notice} />
      <DataTable
        caption="Open invitations"
        columns={["Email", "Role", "Expires", "Revoke"]}
        rows={open}
        keyOf={(i) => i.id}
        rowTestId="invitation-row"
        empty="No open invitation."
        cells={(i) => [
          i.email,
          ROLE_WORDS[i.role].name,
          formatDateTime(new Date(i.expiresAt)),
          <Button
            key="r"
            variant="secondary"
            disabled={pending || (i.role === "owner" && !makesOwners)}
            title={i.role === "owner" && !makesOwners ? ownersOnlyText : undefined}
            aria-label={`Revoke the invitation of ${i.email}`}
            onClick={() => revoke.run(i.id)}
          >
            Revoke
          </Button>,
        ]}
      />
    </div>
  );
}
