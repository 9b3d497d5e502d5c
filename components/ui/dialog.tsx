"use client";

import { type ReactNode, useEffect, useRef } from "react";
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

/** A confirmation's two answers: the (dangerous) action, and Cancel. */
export function ConfirmActions({
  label,
  pendingLabel,
  pending,
  onConfirm,
  onCancel,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-2 pt-2">
      <Button variant="danger" onClick={onConfirm} disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={pending} data-autofocus>
        Cancel
      </Button>
    </div>
  );
}
