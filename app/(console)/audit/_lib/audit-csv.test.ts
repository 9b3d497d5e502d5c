import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import messages from "@/messages/en.json";
import { auditLabel } from "@/lib/audit-labels";
import { auditCsvRow, csvField } from "./audit-csv";
import { auditFilters, auditParams } from "./audit-params";

describe("audit CSV", () => {
  it("quotes what needs quoting and defuses spreadsheet formulas", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("-1+1")).toBe("'-1+1");
    expect(csvField(null)).toBe("");
  });

  it("writes one entry per line with the operation in words", () => {
    const row = auditCsvRow(
      {
        createdAt: new Date("2026-11-23T10:00:00Z"),
        operationId: "updateClientUser",
        target: "cl_x",
        outcome: "success",
        errorCode: null,
        idempotencyKey: null,
        detail: { before: { name: "A" }, after: { name: "B, C" } },
        actor: "olivia@northwind.example",
        actorRole: "owner",
      },
      auditLabel,
    );
    expect(row).toBe(
      `2026-11-23T10:00:00.000Z,updateClientUser,${csvField(auditLabel("updateClientUser"))},cl_x,success,,,"{""before"":{""name"":""A""},""after"":{""name"":""B, C""}}",olivia@northwind.example,owner`,
    );
  });
});

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
