import { type FormEventHandler, type ReactNode } from "react";
import { ActionNotice } from "@/components/forms/action-notice";
import { Button } from "@/components/ui/button";
import { type Notice } from "@/lib/actions/use-action-submit";

/**
 * A form that runs one action: its refusal or uncertain outcome above the fields, the fields in
 * two columns on wide screens, what goes under them (`children`: a checkbox, a note), and the
 * button that says what is under way while it is.
 */
export function ActionForm({
  label,
  notice,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  variant,
  fields,
  children,
  after,
}: {
  label: string;
  notice: Notice | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  variant?: "primary" | "secondary";
  fields: ReactNode;
  children?: ReactNode;
  /** Below the button: the progress of a slow action. */
  after?: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label} className="space-y-4">
      <ActionNotice notice={notice} />
      <div className="grid gap-4 sm:grid-cols-2">{fields}</div>
      {children}
      <Button type="submit" variant={variant} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      {after}
    </form>
  );
}
