"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { ActionForm } from "@/components/forms/action-form";
import { FormSelect, FormText } from "@/components/forms/form-fields";
import { Button } from "@/components/ui/button";
import { Facts } from "@/components/ui/facts";
import { useActionSubmit } from "@/lib/actions/use-action-submit";
import { ROLE_WORDS, ROLES } from "@/lib/auth/roles";
import { removeSingleSignOnAction, saveSingleSignOnAction } from "../actions";
import { singleSignOnSchema, type SingleSignOnValues } from "../_lib/organization.schema";

/**
 * The organization's identity provider (OpenID Connect): its issuer, the console's client there,
 * the email domain it vouches for and the role people of that domain join with.
 */
export function SingleSignOn({
  current,
  redirectUri,
}: {
  current: { issuer: string; clientId: string; allowedDomain: string; defaultRole: string } | null;
  redirectUri: string;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const form = useForm<SingleSignOnValues>({
    resolver: zodResolver(singleSignOnSchema),
    defaultValues: {
      issuer: current?.issuer ?? "",
      clientId: current?.clientId ?? "",
      clientSecret: "",
      allowedDomain: current?.allowedDomain ?? "",
      defaultRole: (current?.defaultRole as SingleSignOnValues["defaultRole"]) ?? "viewer",
    },
  });
  const run = useActionSubmit(form, saveSingleSignOnAction, {
    onSuccess: () => {
      form.setValue("clientSecret", "");
      router.refresh();
    },
  });
  return (
    <div className="space-y-4">
      <Facts
        facts={[
          ["Redirect address", <code key="r">{redirectUri}</code>],
          [
            "Now",
            current
              ? `${current.issuer}, for people of ${current.allowedDomain} (join as ${current.defaultRole})`
              : "No identity provider: people sign in with passkeys or passwords.",
            "single-sign-on-state",
          ],
        ]}
      />
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
        <FormText of={form} name="allowedDomain" label="Email domain" autoComplete="off" />
        <FormSelect
          of={form}
          name="defaultRole"
          label="Role of people who join this way"
          choices={ROLES.filter((r) => r !== "owner").map((r) => [r, ROLE_WORDS[r].name] as const)}
        />
      </ActionForm>
      {current ? (
        <Button
          variant="secondary"
          disabled={pending}
          onClick={() =>
            start(async () => {
              await removeSingleSignOnAction();
              router.refresh();
            })
          }
        >
          Turn single sign-on off
        </Button>
      ) : null}
    </div>
  );
}
