import "server-only";
import { headers } from "next/headers";
import { type RequestOrigin } from "@/lib/auth/session";

/**
 * Where the request being answered comes from: the browser's own name for itself and the
 * address the nearest proxy saw. Next.js sets `X-Forwarded-For` to the connection's address when
 * no proxy did; the launcher's HTTPS front and the deployment's nginx replace it with theirs, so
 * the first entry is the client as the console's own front door saw it.
 */
export async function requestOrigin(): Promise<RequestOrigin> {
  const h = await headers();
  const forwarded = h.get("x-forwarded-for")?.split(",")[0]?.trim();
  return {
    device: h.get("user-agent"),
    sourceAddress: forwarded || h.get("x-real-ip") || null,
  };
}

/** A browser's User-Agent as people name it: "Chrome on Linux". */
export function deviceInWords(userAgent: string | null): string {
  if (!userAgent) return "An unknown browser";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Mac OS X/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "an unknown system";
  return `${browser} on ${system}`;
}
