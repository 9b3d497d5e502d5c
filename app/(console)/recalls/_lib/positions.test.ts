import { describe, expect, it } from "vitest";
import { positionsOf } from "./positions";

describe("positionsOf", () => {
  it("makes one position per non-blank line, in order, duplicates kept", () => {
    expect(positionsOf("1K0 615 301 AA\r\n\n  03L 115 562 \n1K0 615 301 AA\n")).toEqual([
      { oeNumber: "1K0 615 301 AA" },
      { oeNumber: "03L 115 562" },
      { oeNumber: "1K0 615 301 AA" },
    ]);
  });
  it("gives no positions for blank text (the contract refuses an empty list)", () => {
    expect(positionsOf(" \n ")).toEqual([]);
  });
});
