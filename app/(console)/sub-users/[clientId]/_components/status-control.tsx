"use client";

import { useStepUp } from "@/lib/actions/use-step-up";
import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useIdempotencyKey } from "@/lib/actions/use-idempotency-key";
import { setSubUserActiveAction } from "../../actions";

interface Props {
  clientId: string;
  name: string;
  isActive: boolean;
  keys: { id: string; label: string | null }[];
  grants: string[];
}

/** Deactivation names what stops working before it is confirmed; reactivation is offered where the service allows it. */
export function StatusControl({ clientId, name, isActive, keys, grants }: Props) {
  const withStepUp = useStepUp();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const [idempotencyKey, renewKey] = useIdempotencyKey();
  const [error, setError] = useState<string | null>(null);
  const change = (next: boolean) =>
    startTransition(async () => {
      setError(null);
      const result = await withStepUp(() =>
        setSubUserActiveAction({ clientId, isActive: next, idempotencyKey }),
      );
      if (result.ok) {
        renewKey();
        setOpen(false);
      } else setError(result.message);
    });

  return (
    <div className="space-y-3">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {isActive ? (
        <Button variant="danger" onClick={() => setOpen(true)}>
          Deactivate…
        </Button>
      ) : (
        <Button onClick={() => change(true)} disabled={pending}>
          {pending ? "Reactivating…" : "Reactivate"}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Deactivate ${name}?`}
        error={error}
        confirm={["Deactivate", "Deactivating…"]}
        pending={pending}
        onConfirm={() => change(false)}
      >
        <p>When you confirm, this stops working at once:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            {keys.length === 0
              ? "No API keys are known for this Sub-user."
              : `All ${keys.length} API key${keys.length === 1 ? "" : "s"} of this Sub-user: ${keys.map((k) => k.label ?? k.id).join(", ")}.`}
          </li>
          <li>
            {grants.length === 0
              ? "It benefits from no grant of yours."
              : `The grants it benefits from no longer cover anything, since it can no longer call: ${grants.join(", ")}.`}
          </li>
        </ul>
        <p>Its usage history stays. You can reactivate it later.</p>
      </ConfirmDialog>
    </div>
  );
}
