"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { PasskeyButton } from "@/components/people/passkey-button";
import { AuthenticatorCodeField, CurrentPasswordField } from "@/components/people/sign-in-fields";
import { Button } from "@/components/ui/button";
import { useActionCall } from "@/lib/actions/use-action-submit";
import {
  linkPasskeyOptionsAction,
  linkWithPasskeyAction,
  linkWithPasswordAction,
} from "../actions";
import { linkWithPasswordSchema, type LinkWithPasswordValues } from "../link.schema";

/** The person's own sign-in, once: a passkey, or their password and a code. */
export function LinkSignOn({ email }: { email: string }) {
  const form = useForm<LinkWithPasswordValues>({
    resolver: zodResolver(linkWithPasswordSchema, { error: humanIssue }),
    defaultValues: { password: "", code: "" },
  });
  const { pending, notice, run } = useActionCall(
    (values: LinkWithPasswordValues) => linkWithPasswordAction(values),
    { onRefusal: () => form.setValue("code", "") },
  );
  const onSubmit = form.handleSubmit((values) => run(values));
  const t = useTranslations("people.ssoLink");
  return (
    <div className="space-y-6">
      <PasskeyButton
        ceremony="use"
        label={t("passkey")}
        pendingLabel={t("passkeyPending")}
        begin={linkPasskeyOptionsAction}
        finish={linkWithPasskeyAction}
      />
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("passwordForm")}>
        <ActionNotice notice={notice} />
        <p className="text-sm">
          {t.rich("orPassword", { email, strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
        <CurrentPasswordField of={form} label={t("password")} />
        <AuthenticatorCodeField of={form} />
        <Button type="submit" disabled={pending}>
          {pending ? t("pending") : t("submit")}
        </Button>
      </form>
    </div>
  );
}
