import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { PublicUrlProvider } from "@/components/people/passkey-address";
import { consoleConfig } from "@/lib/config/console-env";
import "./globals.css";
import { HydrationMarker } from "./hydration-marker";

export const metadata: Metadata = {
  title: { default: "Service console", template: "%s · Service console" },
  description:
    "Admin and operations console for the Vehicle, Parts and Market-Intelligence Service",
};

/**
 * Every page renders per request: the CSP nonce of `proxy.ts` is applied only to dynamically
 * rendered pages, and a prerendered page (such as the 404) would have its scripts blocked.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only rounded-md bg-white px-3 py-2 text-sm focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
        >
          Skip to the content
        </a>
        <PublicUrlProvider url={consoleConfig().CONSOLE_PUBLIC_URL}>{children}</PublicUrlProvider>
        <HydrationMarker />
      </body>
    </html>
  );
}
