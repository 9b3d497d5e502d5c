import "server-only";
import { NextResponse } from "next/server";
import { consoleConfig } from "@/lib/config/console-env";

/**
 * Where a callback from the service ends: a clean console address (so codes and states leave
 * the address bar and never travel on as a referrer), never cached.
 */
export function cleanRedirect(path: string) {
  const base = consoleConfig().CONSOLE_PUBLIC_URL.replace(/\/$/, "");
  const response = NextResponse.redirect(`${base}${path}`, 303);
  response.headers.set("Referrer-Policy", "no-referrer");
  response.headers.set("Cache-Control", "no-store");
  return response;
}
