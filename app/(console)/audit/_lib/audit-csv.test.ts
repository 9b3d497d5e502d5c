import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import messages from "@/messages/en.json";
import { auditLabel } from "@/lib/audit-labels";
import { AUDIT_CSV_COLUMNS, auditCsv, csvField } from "./audit-csv";
import german from "@/messages/de.json";
import { formatsFor } from "@/lib/i18n/formats";
import { auditFilters, auditParams } from "./audit-params";

describe("audit CSV", () => {
  it("quotes what needs quoting and defuses spreadsheet formulas", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("-1+1")).toBe("'-1+1");
    expect(csvField(null)).toBe("");
    expect([csvField("a;b"), csvField("a;b", ";"), csvField("a,b", ";")]).toEqual([
      "a;b",
      '"a;b"',
      "a,b",
    ]);
  });

  it("writes one entry per line with the operation in words", () => {
    const row = auditCsv(auditLabel).row(ENTRY);
    expect(row).toBe(
      `2026-11-23T10:00:00.000Z,updateClientUser,${csvField(auditLabel("updateClientUser"))},cl_x,success,,,"{""before"":{""name"":""A""},""after"":{""name"":""B, C""}}",olivia@northwind.example,owner`,
    );
    expect(auditCsv(auditLabel).header).toBe(AUDIT_CSV_COLUMNS.join(","));
    expect(auditCsv(auditLabel).preamble).toBe("");
  });

  it("writes a reader's export in their words, formats, zone and list separator", async () => {
    const formats = formatsFor({ format: "de-DE", timeZone: "Europe/Berlin", now: 0 });
    const t = createTranslator({ locale: "de", messages: german, namespace: "audit" });
    const roles = createTranslator({ locale: "de", messages: german, namespace: "roles" });
    const csv = auditCsv(auditLabel, {
      header: {
        time: t("csv.time", { zone: "Europe/Berlin" }),
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
      outcome: (o) => (o === "success" ? t("outcomeWords.success") : o),
      role: (r) => (r === "owner" ? roles("owner.lower") : r),
      time: (at) => formats.timestamp(at),
      separator: formats.listSeparator,
    });
    expect(csv.preamble).toBe("\uFEFF");
    expect(csv.header).toBe(
      "Zeit (Europe/Berlin);Vorgangs-ID;Vorgang;Ziel;Ergebnis;Fehlercode;Idempotenzschlüssel;Details (JSON);Wer;Rolle",
    );
    // Late on the 23rd in UTC is the 24th in Berlin; a field holding the separator is quoted.
    const row = csv.row({ ...ENTRY, createdAt: new Date("2026-11-23T23:30:05Z"), target: "a;b" });
    expect(row.split(";").slice(0, 1)).toEqual(["24.11.2026, 00:30:05 GMT+1"]);
    expect(row).toContain(';"a;b";Erfolg;;;');
    expect(row.endsWith(";olivia@northwind.example;Inhaber")).toBe(true);
  });
});

const ENTRY = {
  createdAt: new Date("2026-11-23T10:00:00Z"),
  operationId: "updateClientUser",
  target: "cl_x",
  outcome: "success",
  errorCode: null,
  idempotencyKey: null,
  detail: { before: { name: "A" }, after: { name: "B, C" } },
  actor: "olivia@northwind.example",
  actorRole: "owner",
};

const english = createTranslator({ locale: "en", messages, namespace: "audit.errors" });
/** The date errors in English, as the page shows them. */
const inEnglish = (errors: Record<string, "dateHint" | "endBeforeStart">) =>
  Object.fromEntries(Object.entries(errors).map(([bound, key]) => [bound, english(key)]));

describe("audit filters", () => {
  it("reads dates as the console writes them and reports the ones it cannot read", () => {
    const params = auditParams.parse({ from: "1 Nov 2026", to: "soon", outcome: "failure" });
    const { filters, errors } = auditFilters(params);
    expect(filters.from?.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(filters.to).toBeUndefined();
    expect(filters.outcome).toBe("failure");
    expect(inEnglish(errors)).toEqual({ to: "Enter a date like 23 Nov 2026." });
    expect(
      inEnglish(auditFilters(auditParams.parse({ from: "2026-11-05", to: "2026-11-01" })).errors),
    ).toEqual({
      to: "The end is before the start.",
    });
  });
});
