import { describe, expect, it } from "vitest";
import { changeRows } from "./audit-changes";

describe("changeRows", () => {
  it("lists every field of before and after and marks the changed ones", () => {
    expect(
      changeRows(
        { name: "Workshop Berlin", rateLimits: [{ max: 10 }] },
        { name: "Workshop Berlin-Mitte", rateLimits: [{ max: 10 }] },
      ),
    ).toEqual([
      {
        field: "name",
        before: "Workshop Berlin",
        after: "Workshop Berlin-Mitte",
        change: "changed",
      },
      { field: "rateLimits", before: [{ max: 10 }], after: [{ max: 10 }], change: "unchanged" },
    ]);
  });

  it("shows a creation (nothing before) without calling every field changed", () => {
    expect(changeRows(undefined, { id: "cl_1" })).toEqual([
      { field: "id", before: undefined, after: "cl_1", change: "set" },
    ]);
    expect(changeRows(undefined, undefined)).toEqual([]);
    expect(changeRows({ billingMode: "own" }, {})).toEqual([
      { field: "billingMode", before: "own", after: undefined, change: "removed" },
    ]);
  });
});
