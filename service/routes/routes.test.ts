import { describe, expect, it } from "vitest";
import { OPERATION_IDS } from "@/lib/api/contract/operations";
import { allHandlers } from "@/service/routes";

describe("the reference service", () => {
  it("has a handler for every operation of the table", () => {
    expect(OPERATION_IDS.filter((id) => !allHandlers[id])).toEqual([]);
  });
});
