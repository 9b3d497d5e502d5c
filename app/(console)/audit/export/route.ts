import { getTranslations } from "next-intl/server";
import { auditLabel } from "@/lib/audit-labels";
import { actionSession } from "@/lib/auth/guards";
import { readListParams } from "@/lib/list-params";
import { allAudit } from "@/lib/store/audit-log";
import { AUDIT_CSV_COLUMNS, auditCsvRow } from "../_lib/audit-csv";
import { auditFilters, auditParams } from "../_lib/audit-params";

/**
 * The audit log as CSV, with the filters of the page it was asked from. The session is checked
 * here (a route handler is not behind the page's check); rows are streamed in batches.
 */
export async function GET(request: Request) {
  const signedIn = await actionSession();
  const t = await getTranslations("audit");
  if ("refused" in signedIn)
    return Response.json(
      { error: "unauthenticated", message: t("exportSignIn") },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const { filters } = auditFilters(readListParams(auditParams, search));
  const { clientId, organizationId } = signedIn.session;
  const labels = await getTranslations("audit.labels");
  const label = (id: string) => auditLabel(id, (key) => labels(key));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`${AUDIT_CSV_COLUMNS.join(",")}\r\n`));
      try {
        for await (const batch of allAudit(organizationId, filters))
          controller.enqueue(
            encoder.encode(batch.map((e) => `${auditCsvRow(e, label)}\r\n`).join("")),
          );
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-log-${clientId}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
