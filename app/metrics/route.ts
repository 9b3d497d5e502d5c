import { consoleMetricsExposition } from "@/lib/observability/console-metrics";

/** This console process's metrics, in the Prometheus exposition format. */
export async function GET() {
  const { body, contentType } = await consoleMetricsExposition();
  return new Response(body, {
    headers: { "Content-Type": contentType, "Cache-Control": "no-store" },
  });
}
