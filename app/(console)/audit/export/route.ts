import { getTranslations } from "next-intl/server";
import { auditLabel } from "@/lib/audit-labels";
import { actionSession } from "@/lib/auth/guards";
import { isRole } from "@/lib/auth/roles";
import { getFormats, readFormatSettings } from "@/lib/i18n/formats-server";
import { readListParams } from "@/lib/list-params";
import { allAudit } from "@/lib/store/audit-log";
import { auditCsv, auditCsvFormat, type AuditCsvReader } from "../_lib/audit-csv";
import { auditFilters, auditParams } from "../_lib/audit-params";
import { isKnownOutcome } from "../_lib/audit-outcome";

/**
 * The audit log as CSV, with the filters of the page it was asked from, for programs or in the
 * reader's words and formats (`format=reader`). The session is checked here (a route handler is
 * not behind the page's check); rows are streamed in batches.
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
  const format = auditCsvFormat.safeParse(search.format);
  if (!format.success)
    return Response.json(
      { error: "invalid_request", message: t("exportFormatUnknown") },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  const { filters } = auditFilters(readListParams(auditParams, search));
  const { clientId, organizationId } = signedIn.session;
  const labels = await getTranslations("audit.labels");
  const label = (id: string) => auditLabel(id, (key) => labels(key));
  const csv = auditCsv(label, format.data === "reader" ? await readerWords() : undefined);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`${csv.preamble}${csv.header}\r\n`));
      try {
        for await (const batch of allAudit(organizationId, filters))
          controller.enqueue(encoder.encode(batch.map((e) => `${csv.row(e)}\r\n`).join("")));
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
      "Content-Disposition": `attachment; filename="audit-log-${clientId}-${day}${format.data === "reader" ? "-spreadsheet" : ""}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/** The signed-in reader's headers, words, formats and time zone. */
async function readerWords(): Promise<AuditCsvReader> {
  const [t, roles, formats, { timeZone }] = await Promise.all([
    getTranslations("audit"),
    getTranslations("roles"),
    getFormats(),
    readFormatSettings(),
  ]);
  return {
    header: {
      time: t("csv.time", { zone: timeZone }),
      operation: t("csv.operation"),
      operation_label: t("csv.operationLabel"),
      target: t("csv.target"),
      outcome: t("csv.outcome"),
      error_code: t("csv.errorCode"),
      idempotency_key: t("csv.idempotencyKey"),
      detail: t("csv.detail"),
      actor: t("csv.actor"),
      actor_role: t("csv.actorRole"),
    },
    outcome: (outcome) => (isKnownOutcome(outcome) ? t(`outcomeWords.${outcome}`) : outcome),
    role: (role) => (isRole(role) ? roles(`${role}.lower`) : role),
    time: (at) => formats.timestamp(at),
    separator: formats.listSeparator,
  };
}
