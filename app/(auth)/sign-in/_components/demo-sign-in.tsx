"use client";

import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { DemoChoice } from "@/lib/demo/demo-accounts";
import { signInAsDemo } from "../actions";

/** One-click demo accounts of the embedded reference service. */
export function DemoSignIn({ accounts }: { accounts: DemoChoice[] }) {
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-labelledby="demo-heading" className="mt-8 border-t border-slate-200 pt-6">
      <h2 id="demo-heading" className="text-base font-semibold">
        Demo accounts
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The embedded reference service seeded these accounts with synthetic data.
      </p>
      {error ? (
        <Alert tone="danger" className="mt-3">
          {error}
        </Alert>
      ) : null}
      <ul className="mt-3 space-y-2">
        {accounts.map((a) => (
          <li
            key={a.id}
            className="flex items-center justify-between gap-4 rounded-md border border-slate-200 bg-white p-3"
          >
            <div>
              <p className="text-sm font-medium">{a.label}</p>
              <p className="text-xs text-slate-600">{a.description}</p>
            </div>
            <Button
              variant="secondary"
              disabled={pending}
              aria-label={`Sign in as ${a.label}`}
              onClick={() =>
                startTransition(async () => {
                  setError(null);
                  const result = await signInAsDemo(a.id);
                  if (result && !result.ok) setError(result.message);
                })
              }
            >
              Sign in
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
