"use client";

import { useStepUp } from "@/lib/actions/use-step-up";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { revokeGrantAction } from "../actions";

export function RevokeGrant({
  reference,
  beneficiary,
}: {
  reference: string;
  beneficiary: string;
}) {
  const withStepUp = useStepUp();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Revoke…
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Revoke grant ${reference}?`}
        error={error}
        confirm={["Revoke grant", "Revoking…"]}
        pending={pending}
        onConfirm={() =>
          startTransition(async () => {
            const result = await withStepUp(() => revokeGrantAction({ reference }));
            if (result.ok) setOpen(false);
            else setError(result.message);
          })
        }
      >
        <p>
          From now on, new requests of <code>{beneficiary}</code> are no longer covered by this
          grant: their own plan and credit must pay, or the calls are refused.
        </p>
        <p>
          Results and entitlements obtained so far remain. The grant stays listed as historical and
          cannot be reissued under this reference.
        </p>
      </ConfirmDialog>
    </>
  );
}
