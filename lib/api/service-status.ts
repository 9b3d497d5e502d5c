import "server-only";
import { z } from "zod";
import { consoleConfig } from "@/lib/config/console-env";

const openApiInfo = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export type ServiceStatus =
  | {
      reachable: true;
      url: string;
      version: string;
      title: string;
      pathCount: number;
      embedded: boolean;
    }
  | { reachable: false; url: string; reason: UnreachableReason; embedded: boolean };

/** Why the service counts as unreachable, worded by the page (`overview.service.reasons`). */
export type UnreachableReason =
  { kind: "answered"; status: number } | { kind: "notOpenApi" } | { kind: "silent" };

/** Reads the service's public OpenAPI document: no key is needed to tell whether it is up. */
export async function getServiceStatus(): Promise<ServiceStatus> {
  const { SERVICE_URL: url, embedded } = consoleConfig();
  try {
    const response = await fetch(`${url}/openapi.json`, {
      cache: "no-store",
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok)
      return {
        reachable: false,
        url,
        embedded,
        reason: { kind: "answered", status: response.status },
      };
    const doc = openApiInfo.parse(await response.json());
    return {
      reachable: true,
      url,
      embedded,
      version: doc.info.version,
      title: doc.info.title,
      pathCount: Object.keys(doc.paths).length,
    };
  } catch (error) {
    const reason: UnreachableReason =
      error instanceof z.ZodError ? { kind: "notOpenApi" } : { kind: "silent" };
    return { reachable: false, url, embedded, reason };
  }
}
