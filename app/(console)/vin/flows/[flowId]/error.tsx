"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export default function ConsoleError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div className="space-y-4">
      <Alert tone="danger" title="This page could not be loaded">
        The service or the console&apos;s store did not answer as expected. Nothing was changed.
        {error.digest ? ` Reference: ${error.digest}.` : ""}
      </Alert>
      <Button onClick={reset}>Try again</Button>
    </div>
  );
}
