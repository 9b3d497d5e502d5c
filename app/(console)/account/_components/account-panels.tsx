"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ActionNotice } from "@/components/forms/action-notice";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/table";
import { type ActionResult } from "@/lib/actions/action-result";
import { useActionCall } from "@/lib/actions/use-action-submit";
import { useStepUp } from "@/lib/actions/use-step-up";
import { PasskeyButton } from "@/components/people/passkey-button";
import {
  addPasskeyAction,
  addPasskeyOptionsAction,
  endOwnSessionAction,
  removePasskeyAction,
  switchOrganizationAction,
} from "../actions";

/** Runs an action (confirming first when the server asks) and refreshes the page after it. */
function useAct() {
  const router = useRouter();
  const { pending, notice, run } = useActionCall(
    (send: () => Promise<ActionResult<null>>) => send(),
    { onSuccess: () => router.refresh() },
  );
  return { pending, notice, act: run };
}

export function SwitchOrganization({
  active,
  organizations,
}: {
  active: string | null;
  organizations: { id: string; name: string; detail: string }[];
}) {
  const t = useTranslations("account.organizations");
  const { pending, notice, act } = useAct();
  return (
    <div className="space-y-3">
      <ActionNotice notice={notice} />
      <DataTable
        caption={t("caption")}
        columns={[t("organization"), t("roleAndClient"), t("active")]}
        rows={organizations}
        keyOf={(o) => o.id}
        rowTestId="organization-row"
        empty={t("empty")}
        cells={(o) => [
          o.name,
          o.detail,
          o.id === active ? (
            <span key="a" className="text-sm font-medium">
              {t("active")}
            </span>
          ) : (
            <Button
              key="s"
              variant="secondary"
              disabled={pending}
              aria-label={t("switchTo", { name: o.name })}
              onClick={() => act(() => switchOrganizationAction({ organizationId: o.id }))}
            >
              {t("switch")}
            </Button>
          ),
        ]}
      />
    </div>
  );
}

export function OwnSessions({
  current,
  sessions,
}: {
  current: string;
  sessions: {
    id: string;
    device: string;
    place: string;
    organization: string;
    started: string;
    lastUse: string;
  }[];
}) {
  const t = useTranslations("account.sessions");
  const { pending, notice, act } = useAct();
  return (
    <div className="space-y-3">
      <ActionNotice notice={notice} />
      <DataTable
        caption={t("caption")}
        columns={[t("device"), t("place"), t("organization"), t("started"), t("lastUse"), t("end")]}
        rows={sessions}
        keyOf={(s) => s.id}
        rowTestId="own-session"
        empty={t("empty")}
        cells={(s) => [
          <span key="d">
            {s.device}
            {s.id === current ? <span className="text-slate-500"> {t("thisOne")}</span> : null}
          </span>,
          s.place,
          s.organization,
          s.started,
          s.lastUse,
          <Button
            key="e"
            variant="secondary"
            disabled={pending}
            aria-label={t("endLabel", { device: s.device, started: s.started })}
            onClick={() => act(() => endOwnSessionAction({ id: s.id }))}
          >
            {t("end")}
          </Button>,
        ]}
      />
    </div>
  );
}

/** The person's passkeys: add one (the browser's own prompt), or remove one. */
export function Passkeys({
  passkeys,
}: {
  passkeys: { id: string; name: string; created: string; lastUse: string }[];
}) {
  const t = useTranslations("account.passkeys");
  const router = useRouter();
  const withStepUp = useStepUp();
  const { pending, notice, act } = useAct();
  return (
    <div className="space-y-3">
      <ActionNotice notice={notice} />
      <DataTable
        caption={t("caption")}
        columns={[t("passkey"), t("added"), t("lastUse"), t("remove")]}
        rows={passkeys}
        keyOf={(p) => p.id}
        rowTestId="passkey-row"
        empty={t("empty")}
        cells={(p) => [
          p.name,
          p.created,
          p.lastUse,
          <Button
            key="r"
            variant="secondary"
            disabled={pending}
            aria-label={t("removeLabel", { name: p.name })}
            onClick={() => act(() => removePasskeyAction({ id: p.id }))}
          >
            {t("remove")}
          </Button>,
        ]}
      />
      <PasskeyButton
        ceremony="create"
        label={t("add")}
        pendingLabel={t("adding")}
        variant="secondary"
        begin={() => withStepUp(addPasskeyOptionsAction)}
        finish={(answer) => addPasskeyAction({ ...answer, name: "" })}
        onDone={() => router.refresh()}
      />
    </div>
  );
}
