"use client";

import { useRouter } from "next/navigation";
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
  const { pending, notice, act } = useAct();
  return (
    <div className="space-y-3">
      <ActionNotice notice={notice} />
      <DataTable
        caption="Organizations you belong to"
        columns={["Organization", "Your role and Client", "Active"]}
        rows={organizations}
        keyOf={(o) => o.id}
        rowTestId="organization-row"
        empty="You belong to no organization."
        cells={(o) => [
          o.name,
          o.detail,
          o.id === active ? (
            <span key="a" className="text-sm font-medium">
              Active
            </span>
          ) : (
            <Button
              key="s"
              variant="secondary"
              disabled={pending}
              aria-label={`Switch to ${o.name}`}
              onClick={() => act(() => switchOrganizationAction({ organizationId: o.id }))}
            >
              Switch
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
  const { pending, notice, act } = useAct();
  return (
    <div className="space-y-3">
      <ActionNotice notice={notice} />
      <DataTable
        caption="Where you are signed in"
        columns={["Device", "Place", "Organization", "Started", "Last use", "End"]}
        rows={sessions}
        keyOf={(s) => s.id}
        rowTestId="own-session"
        empty="No session."
        cells={(s) => [
          <span key="d">
            {s.device}
            {s.id === current ? <span className="text-slate-500"> (this one)</span> : null}
          </span>,
          s.place,
          s.organization,
          s.started,
          s.lastUse,
          <Button
            key="e"
            variant="secondary"
            disabled={pending}
            aria-label={`End the session on ${s.device} started ${s.started}`}
            onClick={() => act(() => endOwnSessionAction({ id: s.id }))}
          >
            End
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
  const router = useRouter();
  const withStepUp = useStepUp();
  const { pending, notice, act } = useAct();
  return (
    <div className="space-y-3">
      <ActionNotice notice={notice} />
      <DataTable
        caption="Your passkeys"
        columns={["Passkey", "Added", "Last use", "Remove"]}
        rows={passkeys}
        keyOf={(p) => p.id}
        rowTestId="passkey-row"
        empty="No passkey yet: a passkey signs you in with your device's lock, nothing to type."
        cells={(p) => [
          p.name,
          p.created,
          p.lastUse,
          <Button
            key="r"
            variant="secondary"
            disabled={pending}
            aria-label={`Remove the passkey ${p.name}`}
            onClick={() => act(() => removePasskeyAction({ id: p.id }))}
          >
            Remove
          </Button>,
        ]}
      />
      <PasskeyButton
        ceremony="create"
        label="Add a passkey"
        pendingLabel="Waiting for your passkey…"
        variant="secondary"
        begin={() => withStepUp(addPasskeyOptionsAction)}
        finish={(answer) => addPasskeyAction({ ...answer, name: "" })}
        onDone={() => router.refresh()}
      />
    </div>
  );
}
