"use client";

import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import {
  BROWSER_TIME_ZONE_COOKIE,
  type FormatSettings,
  type Formats,
  formatsFor,
} from "@/lib/i18n/formats";

const FormatsContext = createContext<Formats | null>(null);

/** The request's formats, time zone and "now", so the browser writes what the server did. */
export function FormatsProvider({
  settings,
  children,
}: {
  settings: FormatSettings;
  children: ReactNode;
}) {
  const { format, timeZone, now } = settings;
  const formats = useMemo(() => formatsFor({ format, timeZone, now }), [format, timeZone, now]);
  return <FormatsContext value={formats}>{children}</FormatsContext>;
}

/** For client components: amounts and dates as the person chose to read them. */
export function useFormats(): Formats {
  const formats = useContext(FormatsContext);
  if (!formats) throw new Error("useFormats() outside the root layout's FormatsProvider");
  return formats;
}

/**
 * Tells the server the browser's own time zone (the default where none was chosen) for the
 * pages after this one. It does not render this one again: a refresh racing the first click on
 * the sign-in page (where a browser usually arrives, and no date is shown) would lose it.
 */
export function BrowserTimeZone({ known }: { known: string | null }) {
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === known) return;
    document.cookie = `${BROWSER_TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  }, [known]);
  return null;
}
