"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { noticeText, useActionCall } from "@/lib/actions/use-action-submit";
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
  const [open, setOpen] = useState(false);
  const { pending, notice, run } = useActionCall(
    (next: boolean, idempotencyKey) =>
      setSubUserActiveAction({ clientId, isActive: next, idempotencyKey }),
    { onSuccess: () => setOpen(false) },
  );

  return (
    <div className="space-y-3">
      <ActionNotice notice={notice} />
      {isActive ? (
        <Button variant="danger" onClick={() => setOpen(true)}>
          Deactivate…
        </Button>
      ) : (
        <Button onClick={() => run(true)} disabled={pending}>
          {pending ? "Reactivating…" : "Reactivate"}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Deactivate ${name}?`}
        error={noticeText(notice)}
        confirm={["Deactivate", "Deactivating…"]}
        pending={pending}
        onConfirm={() => run(false)}
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
