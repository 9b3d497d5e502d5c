"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { humanIssue } from "@/lib/validation/human-issues";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { useForm } from "react-hook-form";
import { KeyReveal, type RevealedKey } from "@/components/keys/key-reveal";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { BROWSER_ONLY_PROVIDER, PROVIDERS } from "@/lib/api/contract/common";
import { createSubUserAction, refreshSubUsersAction } from "../actions";
import {
  createSubUserForm,
  type CreateSubUserValues,
  toCreateRequest,
} from "../_lib/create-sub-user.schema";
import { useFormats } from "@/components/i18n/formats-provider";

/** Where to start looking for a Sub-user an attempt may have created (clocks differ a little). */
const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();

type Uncertain = { name: string; since: string };
/** An attempt whose outcome is unknown, and whether the list was checked since. */
type Unresolved = Uncertain & { checked: boolean };

/**
 * Creating a Sub-user is not replay-safe: after a timeout the form says the outcome is unknown,
 * offers to reconcile against the list, and never sends the request again by itself.
 */
export function CreateSubUser({ onReconcile }: { onReconcile: (attempt: Uncertain) => void }) {
  const formats = useFormats();
  const t = useTranslations("subUsers.create");
  const tn = useTranslations("subUsers");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [revealed, setRevealed] = useState<{ owner: string; apiKey: RevealedKey } | null>(null);
  const [uncertain, setUncertain] = useState<Unresolved | null>(null);
  // Until the list was checked, sending again could create the Sub-user twice.
  const mustCheck = uncertain !== null && !uncertain.checked;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateSubUserValues>({
    resolver: zodResolver(createSubUserForm, { error: humanIssue }),
    defaultValues: { name: "", defaultProviderId: "" },
  });
  const dropKey = useCallback(() => setRevealed(null), []);

  // The hook's own notice is not shown: an unknown outcome has the reconciling notice below.
  const { pending, run } = useActionCall(
    ({ values }: { values: CreateSubUserValues; since: string }) =>
      createSubUserAction(toCreateRequest(values)),
    {
      onSuccess: (data) => {
        setRevealed({ owner: data.name, apiKey: data.apiKey });
        form.reset();
        setOpen(false);
        router.refresh();
      },
      // The console's answer was lost: the Sub-user may exist. Never resend on our own.
      onUnknown: ({ values, since }) =>
        setUncertain({ name: values.name.trim(), since, checked: false }),
      onRefusal: (refusal) => {
        for (const [field, message] of Object.entries(refusal.fieldErrors ?? {})) {
          if (field === "name" || field === "defaultProviderId") form.setError(field, { message });
        }
        setFormError(refusal.message);
        return null;
      },
    },
  );
  const onSubmit = form.handleSubmit((values) => {
    if (mustCheck) return;
    setFormError(null);
    run({ values, since: aMinuteAgo() });
  });

  if (revealed)
    return <KeyReveal apiKey={revealed.apiKey} owner={revealed.owner} onDone={dropKey} />;

  return (
    <div className="mb-6">
      {uncertain ? (
        <Alert tone="warning" title={t("unknownTitle")} className="mb-4">
          <p>
            {t("unknownText", { name: uncertain.name, time: formats.dateTime(uncertain.since) })}
          </p>
          <div className="mt-2 flex gap-2">
            <Button
              variant="secondary"
              onClick={async () => {
                onReconcile(uncertain);
                setUncertain({ ...uncertain, checked: true });
                // The list as the service has it now, not the console's last copy of it.
                await refreshSubUsersAction();
                router.refresh();
              }}
            >
              {t("checkNow")}
            </Button>
            {uncertain.checked ? (
              <Button variant="ghost" onClick={() => setUncertain(null)}>
                {t("dismiss")}
              </Button>
            ) : null}
          </div>
        </Alert>
      ) : null}
      {!open ? (
        <Button onClick={() => setOpen(true)}>{tn("newSubUser")}</Button>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          className="space-y-4 rounded-lg border border-slate-200 bg-white p-5"
          aria-label={tn("newSubUser")}
        >
          <h2 className="text-base font-semibold">{tn("newSubUser")}</h2>
          {formError ? <Alert tone="danger">{formError}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("name")}
              autoComplete="off"
              error={form.formState.errors.name?.message}
              {...form.register("name")}
            />
            <SelectField
              label={t("provider")}
              hint={t("providerHint")}
              error={form.formState.errors.defaultProviderId?.message}
              {...form.register("defaultProviderId")}
            >
              <option value="">{t("serviceDefault")}</option>
              {PROVIDERS.map((p) => (
                <option key={p} value={p}>
                  {t("providerOption", { provider: p })}
                  {p === BROWSER_ONLY_PROVIDER ? t("browserOnly") : ""}
                </option>
              ))}
            </SelectField>
          </div>
          <p className="text-sm text-slate-600">{t("firstKey")}</p>
          {mustCheck ? (
            <p className="text-sm text-amber-900" id="create-blocked">
              {t("checkFirst")}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button
              type="submit"
              disabled={pending || mustCheck}
              aria-describedby={mustCheck ? "create-blocked" : undefined}
            >
              {pending ? t("pending") : t("submit")}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={pending}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
