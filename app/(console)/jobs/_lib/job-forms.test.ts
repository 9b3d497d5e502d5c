import { describe, expect, it } from "vitest";
import { economicEvaluationForm, parseOeLines } from "./job-forms";

describe("job forms", () => {
  it("keeps OE numbers in order with duplicates, one per line", () => {
    expect(parseOeLines("1K0615301AA\n\n 03L115562 \r\n1K0615301AA\n")).toEqual([
      "1K0615301AA",
      "03L115562",
      "1K0615301AA",
    ]);
  });

  it("checks the economic evaluation ranges and treats empty numbers as unset", () => {
    const vin = "WVWZZZ1KZ8W000001";
    expect(economicEvaluationForm.parse({ vin, maxPricedParts: Number.NaN, country: "" })).toEqual({
      vin,
    });
    const paths = (v: object) =>
      economicEvaluationForm.safeParse({ vin, ...v }).error?.issues.map((i) => i.path.join("."));
    expect(paths({ maxPricedParts: 101 })).toEqual(["maxPricedParts"]);
    expect(paths({ recoveryRate: 0.01 })).toEqual(["recoveryRate"]);
    expect(paths({ costPerPart: 1000.5 })).toEqual(["costPerPart"]);
    expect(paths({ maxPricedParts: 100, recoveryRate: 1, costPerPart: 0 })).toBeUndefined();
  });
});
