"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "./button";

/** Copies text to the clipboard and says so for screen readers too. */
export function CopyButton({
  text,
  label,
  accessibleLabel,
  compact = false,
}: {
  text: string;
  label?: string;
  /** What the button copies, for screen readers, when the visible label is short. */
  accessibleLabel?: string;
  compact?: boolean;
}) {
  const t = useTranslations("ui.copy");
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
        {state === "copied" ? t("copied") : (label ?? t("copy"))}
      </Button>
      <span role="status" className="sr-only">
        {state === "copied" ? t("copiedStatus") : state === "failed" ? t("failedStatus") : ""}
      </span>
    </>
  );
}
