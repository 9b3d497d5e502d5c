"use client";

import { Button } from "@/components/ui/button";

export default function RootError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <main className="mx-auto max-w-xl p-8" role="alert">
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-slate-600">
        The page could not be shown. Nothing was changed.{" "}
        {error.digest ? `Reference: ${error.digest}.` : ""}
      </p>
      <Button className="mt-4" onClick={reset}>
        Try again
      </Button>
    </main>
  );
}
