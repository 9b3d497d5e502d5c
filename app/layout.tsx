import type { Metadata } from "next";
import { connection } from "next/server";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { cookies } from "next/headers";
import { BrowserTimeZone, FormatsProvider } from "@/components/i18n/formats-provider";
import { PublicUrlProvider } from "@/components/people/passkey-address";
import { consoleConfig } from "@/lib/config/console-env";
import { BROWSER_TIME_ZONE_COOKIE } from "@/lib/i18n/formats";
import { readFormatSettings } from "@/lib/i18n/formats-server";
import { CLIENT_NAMESPACES, pickMessages } from "@/i18n/client-messages";
import "./globals.css";
import { HydrationMarker } from "./hydration-marker";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("layout");
  return {
    title: { default: t("title"), template: t("titleTemplate") },
    description: t("description"),
  };
}

/**
 * Every page renders per request: the CSP nonce of `proxy.ts` is applied only to dynamically
 * rendered pages, and a prerendered page (such as the 404) would have its scripts blocked.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const t = await getTranslations("layout");
  const formats = await readFormatSettings();
  const reportedTimeZone = (await cookies()).get(BROWSER_TIME_ZONE_COOKIE)?.value ?? null;
  return (
    <html lang={await getLocale()}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only rounded-md bg-white px-3 py-2 text-sm focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
        >
          {t("skipLink")}
        </a>
        {/* The request's language, and the messages client components ask for. */}
        <NextIntlClientProvider messages={pickMessages(await getMessages(), CLIENT_NAMESPACES)}>
          <FormatsProvider settings={formats}>
            <PublicUrlProvider url={consoleConfig().CONSOLE_PUBLIC_URL}>
              {children}
            </PublicUrlProvider>
          </FormatsProvider>
          <BrowserTimeZone known={reportedTimeZone} />
        </NextIntlClientProvider>
        <HydrationMarker />
      </body>
    </html>
  );
}
