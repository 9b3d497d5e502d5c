"use client";

import { useTranslations } from "next-intl";
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
  const t = useTranslations("grants.revoke");
  const [open, setOpen] = useState(false);
  const { pending, notice, run } = useActionCall(() => revokeGrantAction({ reference }), {
    onSuccess: () => setOpen(false),
  });
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t("button")}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("title", { reference })}
        error={noticeText(notice)}
        confirm={[t("confirm"), t("pending")]}
        pending={pending}
        onConfirm={() => run()}
      >
        <p>{t.rich("effect", { beneficiary, code: (chunks) => <code>{chunks}</code> })}</p>
        <p>{t("remains")}</p>
      </ConfirmDialog>
    </>
  );
}
