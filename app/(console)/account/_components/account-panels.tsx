"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/table";
import { type ActionResult } from "@/lib/actions/action-result";
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
  const withStepUp = useStepUp();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const act = (run: () => Promise<ActionResult<null>>) =>
    start(async () => {
      setError(null);
      const result = await withStepUp(run);
      if (result.ok) router.refresh();
      else setError(result.message);
    });
  return { pending, error, act };
}

export function SwitchOrganization({
  active,
  organizations,
}: {
  active: string | null;
  organizations: { id: string; name: string; detail: string }[];
}) {
  const { pending, error, act } = useAct();
  return (
    <div className="space-y-3">
      {error ? <Alert tone="danger">{error}</Alert> : null}
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
  const { pending, error, act } = useAct();
  return (
    <div className="space-y-3">
      {error ? <Alert tone="danger">{error}</Alert> : null}
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
  const { pending, error, act } = useAct();
  return (
    <div className="space-y-3">
      {error ? <Alert tone="danger">{error}</Alert> : null}
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
