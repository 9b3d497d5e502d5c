import { type FormEventHandler, type ReactNode } from "react";
import { ActionNotice } from "@/components/forms/action-notice";
import { Button } from "@/components/ui/button";
import { type Notice } from "@/lib/actions/use-action-submit";

/**
 * A form that runs one action (`run`, what `useActionSubmit` returns): its refusal or uncertain
 * outcome above the fields, the fields in two columns on wide screens, `notes` under them (a
 * checkbox, a caveat), and the button, whose words say what is under way while it is.
 */
export function ActionForm({
  label,
  run,
  button: [submitLabel, pendingLabel],
  variant,
  notes,
  after,
  children,
}: {
  label: string;
  run: { notice: Notice | null; submit: FormEventHandler<HTMLFormElement>; pending: boolean };
  /** The button's words, and its words while the action runs. */
  button: readonly [string, string];
  variant?: "primary" | "secondary";
  notes?: ReactNode;
  /** Below the button: the progress of a slow action. */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={run.submit} aria-label={label} className="space-y-4">
      <ActionNotice notice={run.notice} />
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      {notes}
      <Button type="submit" variant={variant} disabled={run.pending}>
        {run.pending ? pendingLabel : submitLabel}
      </Button>
      {after}
    </form>
  );
}
