"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { noticeText, useActionCall } from "@/lib/actions/use-action-submit";
import { revokeGrantAction } from "../actions";

export function RevokeGrant({
  reference,
  beneficiary,
}: {
  reference: string;
  beneficiary: string;
}) {
  const [open, setOpen] = useState(false);
  const { pending, notice, run } = useActionCall(() => revokeGrantAction({ reference }), {
    onSuccess: () => setOpen(false),
  });
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Revoke…
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Revoke grant ${reference}?`}
        error={noticeText(notice)}
        confirm={["Revoke grant", "Revoking…"]}
        pending={pending}
        onConfirm={() => run()}
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
