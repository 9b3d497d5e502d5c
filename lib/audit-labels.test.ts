import { describe, expect, it } from "vitest";
import { isAudited, type OperationId, OPERATIONS } from "@/lib/api/contract/operations";
import { AUDITED_OPERATIONS, auditLabel } from "./audit-labels";

describe("the audit filter's choices", () => {
  it("offer every operation the console audits, orders of work read with GET included", () => {
    const audited = (Object.keys(OPERATIONS) as OperationId[]).filter((id) =>
      isAudited(OPERATIONS[id]),
    );
    expect(AUDITED_OPERATIONS).toEqual(expect.arrayContaining(audited));
    expect(AUDITED_OPERATIONS).toContain("getPartsByVin");
    expect(AUDITED_OPERATIONS).not.toContain("listPlans");
  });

  it("are each in words, never a raw id", () => {
    for (const id of AUDITED_OPERATIONS) expect(auditLabel(id)).not.toBe(id);
  });
});
