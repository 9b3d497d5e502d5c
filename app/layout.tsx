import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";
import { HydrationMarker } from "./hydration-marker";

export const metadata: Metadata = {
  title: { default: "Service console", template: "%s · Service console" },
  description:
    "Admin and operations console for the Vehicle, Parts and Market-Intelligence Service",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        {children}
        <HydrationMarker />
      </body>
    </html>
  );
}
