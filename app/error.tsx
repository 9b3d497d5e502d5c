"use client";

import { ErrorNotice } from "@/components/ui/error-notice";

export default function RootError(props: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl p-8">
      <ErrorNotice {...props} title="Something went wrong" />
    </main>
  );
}
