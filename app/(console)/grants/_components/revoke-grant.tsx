"use client";

import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmActions, Dialog } from "@/components/ui/dialog";
import { revokeGrantAction } from "../actions";

export function RevokeGrant({
  reference,
  beneficiary,
}: {
  reference: string;
  beneficiary: string;
}) {
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Revoke…
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Revoke grant ${reference}?`}>
        <div className="space-y-3 text-sm">
          <p>
            From now on, new requests of <code>{beneficiary}</code> are no longer covered by this
            grant: their own plan and credit must pay, or the calls are refused.
          </p>
          <p>
            Results and entitlements obtained so far remain. The grant stays listed as historical
            and cannot be reissued under this reference.
          </p>
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <ConfirmActions
            label="Revoke grant"
            pendingLabel="Revoking…"
            pending={pending}
            onCancel={() => setOpen(false)}
            onConfirm={() =>
              startTransition(async () => {
                const result = await revokeGrantAction({ reference });
                if (result.ok) setOpen(false);
                else setError(result.message);
              })
            }
          />
        </div>
      </Dialog>
    </>
  );
}
