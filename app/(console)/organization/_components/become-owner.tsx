"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { ActionForm } from "@/components/forms/action-form";
import { FormText } from "@/components/forms/form-fields";
import { TotpSetup } from "@/components/people/totp-setup";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { becomeOwnerAction } from "../actions";
import { newPersonSchema, type NewPersonValues } from "../_lib/organization.schema";

/**
 * The key holder becomes the organization's owner as a person: from then on they sign in as
 * themselves and invite the others, and nobody needs the key.
 */
export function BecomeOwner({ secret, uri }: { secret: string; uri: string }) {
  const router = useRouter();
  const form = useForm<NewPersonValues>({
    resolver: zodResolver(newPersonSchema),
    defaultValues: { name: "", email: "", password: "", secret, code: "" },
  });
  const run = useActionSubmit(form, becomeOwnerAction, { onSuccess: () => router.refresh() });
  return (
    <ActionForm
      label="Become the owner"
      run={run}
      button={["Become the owner", "Setting up…"]}
      notes={
        <TotpSetup secret={secret} uri={uri}>
          <FormText
            of={form}
            name="code"
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </TotpSetup>
      }
    >
      <FormText of={form} name="name" label="Your name" autoComplete="name" />
      <FormText
        of={form}
        name="email"
        label="Your email address"
        type="email"
        autoComplete="username"
      />
      <FormText
        of={form}
        name="password"
        label="A password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters; a few words you will remember are easiest."
      />
    </ActionForm>
  );
}
