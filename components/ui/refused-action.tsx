import { useId } from "react";
import { Button } from "./button";

/**
 * An action the person's role does not allow, shown for orientation where the page is about it:
 * a disabled button with the sentence that names the roles that could (`roleRefusalIn` or
 * `dutyRefusalIn`, never written by hand). The server refuses it all the same.
 */
export function RefusedAction({
  label,
  refusal,
  variant,
}: {
  label: string;
  refusal: string;
  variant?: "primary" | "secondary" | "danger";
}) {
  const id = useId();
  return (
    <div className="space-y-1" data-testid="refused-action">
      <Button variant={variant} disabled aria-describedby={id}>
        {label}
      </Button>
      <p id={id} className="max-w-prose text-sm text-slate-600">
        {refusal}
      </p>
    </div>
  );
}
