"use client";

import { useEffect } from "react";

/** Marks the document once React has hydrated it, so browser tests interact only with live forms. */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
