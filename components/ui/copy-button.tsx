"use client";

import { useState } from "react";
import { Button } from "./button";

/** Copies text to the clipboard and says so for screen readers too. */
export function CopyButton({
  text,
  label = "Copy",
  accessibleLabel,
  compact = false,
}: {
  text: string;
  label?: string;
  /** What the button copies, for screen readers, when the visible label is short. */
  accessibleLabel?: string;
  compact?: boolean;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <>
      <Button
        variant="secondary"
        aria-label={accessibleLabel}
        className={compact ? "px-2 py-0.5 text-xs" : ""}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setState("copied");
          } catch {
            setState("failed");
          }
        }}
      >
        {state === "copied" ? "Copied" : label}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied"
          ? "Copied to the clipboard"
          : state === "failed"
            ? "Copying failed; select the text and copy it"
            : ""}
      </span>
    </>
  );
}
