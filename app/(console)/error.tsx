"use client";

import { ErrorNotice } from "@/components/ui/error-notice";

export default function ConsoleError(props: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return <ErrorNotice {...props} title="This page could not be loaded" />;
}
