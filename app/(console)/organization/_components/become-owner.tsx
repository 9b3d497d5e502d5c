"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { ActionForm } from "@/components/forms/action-form";
import {
  AuthenticatorSetup,
  EmailField,
  NameField,
  NewPasswordField,
} from "@/components/people/sign-in-fields";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { newPersonSchema, type NewPersonValues } from "@/lib/people/person-fields";
import { becomeOwnerAction } from "../actions";

/**
 * The key holder becomes the organization's owner as a person: from then on they sign in as
 * themselves and invite the others, and nobody needs the key.
 */
export function BecomeOwner({ secret, uri }: { secret: string; uri: string }) {
  const t = useTranslations("organization.becomeOwner");
  const router = useRouter();
  const form = useForm<NewPersonValues>({
    resolver: zodResolver(newPersonSchema, { error: humanIssue }),
    defaultValues: { name: "", email: "", password: "", secret, code: "" },
  });
  const run = useActionSubmit(form, becomeOwnerAction, { onSuccess: () => router.refresh() });
  return (
    <ActionForm
      label={t("form")}
      run={run}
      button={[t("submit"), t("pending")]}
      notes={<AuthenticatorSetup of={form} secret={secret} uri={uri} />}
    >
      <NameField of={form} />
      <EmailField of={form} />
      <NewPasswordField of={form} />
    </ActionForm>
  );
}
