"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

export interface RevealedKey {
  id: string;
  label: string | null;
  key: string;
  createdAt: string;
}

/**
 * Shows a new key's plaintext once. It lives only in this component's memory: leaving the page
 * (or the page being put in the back/forward cache) drops it, and nothing stores it.
 */
export function KeyReveal({
  apiKey,
  owner,
  onDone,
}: {
  apiKey: RevealedKey;
  owner: string;
  onDone: () => void;
}) {
  const t = useTranslations("keys.reveal");
  const [stored, setStored] = useState(false);
  useEffect(() => {
    window.addEventListener("pagehide", onDone);
    return () => window.removeEventListener("pagehide", onDone);
  }, [onDone]);
  return (
    <section
      aria-labelledby="new-key-heading"
      className="rounded-lg border-2 border-amber-400 bg-amber-50 p-5"
    >
      <h2 id="new-key-heading" className="text-base font-semibold">
        {t("heading", { owner })}
      </h2>
      <Alert tone="warning" className="mt-3">
        {t("warning")}
      </Alert>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label className="sr-only" htmlFor="new-api-key">
          {t("label")}
        </label>
        <input
          id="new-api-key"
          readOnly
          value={apiKey.key}
          data-testid="new-api-key"
          className="w-full max-w-xl rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={apiKey.key} label={t("copy")} />
      </div>
      <p className="mt-2 text-xs text-slate-600">
        {t("keyId")} <code>{apiKey.id}</code>
        {apiKey.label ? t("keyLabel", { label: apiKey.label }) : ""}
      </p>
      <div className="mt-4 flex items-center gap-3">
        <input
          id="key-stored"
          type="checkbox"
          checked={stored}
          onChange={(e) => setStored(e.target.checked)}
          className="h-4 w-4"
        />
        <label htmlFor="key-stored" className="text-sm">
          {t("stored")}
        </label>
        <Button onClick={onDone} disabled={!stored}>
          {t("done")}
        </Button>
      </div>
    </section>
  );
}
