"use client";

import { Alert } from "./alert";
import { Button } from "./button";

/** What a route boundary shows: nothing was changed, a reference to quote, and a retry. */
export function ErrorNotice({
  error,
  reset,
  title,
}: {
  error: Error & { digest?: string };
  reset: () => void;
  title: string;
}) {
  return (
    <div className="space-y-4">
      <Alert tone="danger" title={title}>
        The service or the console&apos;s store did not answer as expected. Nothing was changed.
        {error.digest ? ` Reference: ${error.digest}.` : ""}
      </Alert>
      <Button onClick={reset}>Try again</Button>
    </div>
  );
}
