"use client";

import { ActionNotice } from "@/components/forms/action-notice";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("subUsers.statusControl");
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
          {t("deactivate")}
        </Button>
      ) : (
        <Button onClick={() => run(true)} disabled={pending}>
          {pending ? t("reactivating") : t("reactivate")}
        </Button>
      )}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("confirmTitle", { name })}
        error={noticeText(notice)}
        confirm={[t("confirm"), t("confirming")]}
        pending={pending}
        onConfirm={() => run(false)}
      >
        <p>{t("intro")}</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            {keys.length === 0
              ? t("noKeys")
              : t("keys", {
                  count: keys.length,
                  keys: keys.map((k) => k.label ?? k.id).join(", "),
                })}
          </li>
          <li>
            {grants.length === 0 ? t("noGrants") : t("grants", { grants: grants.join(", ") })}
          </li>
        </ul>
        <p>{t("history")}</p>
      </ConfirmDialog>
    </div>
  );
}
