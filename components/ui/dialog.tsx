"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef } from "react";
import { Alert } from "./alert";
import { Button } from "./button";

/**
 * A modal on the native <dialog> element: the browser traps focus, Escape closes it, and focus
 * returns to where it was. Focus starts on the element marked `data-autofocus` (Cancel, in a
 * confirmation), so Enter or Space right after opening never performs an irreversible action.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="dialog-title"
      onClose={onClose}
      className="m-auto w-full max-w-lg rounded-lg border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      {open ? (
        <div className="p-6">
          <h2 id="dialog-title" className="text-lg font-semibold">
            {title}
          </h2>
          <div className="mt-3">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * A confirmation of a dangerous action: what it does (`children`), why it failed if it did,
 * and its two answers, the action (its words, and its words while it runs) and Cancel.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  error,
  confirm: [label, pendingLabel],
  pending,
  onConfirm,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  error: string | null;
  confirm: readonly [string, string];
  pending: boolean;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("ui.dialog");
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className="space-y-3 text-sm">
        {children}
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className="flex gap-2 pt-2">
          <Button variant="danger" onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : label}
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={pending} data-autofocus>
            {t("cancel")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
