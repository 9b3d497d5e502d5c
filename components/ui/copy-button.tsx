"use client";

import { useState } from "react";
import { Button } from "./button";

/** Copies text to the clipboard and says so for screen readers too. */
export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <>
      <Button
        variant="secondary"
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
