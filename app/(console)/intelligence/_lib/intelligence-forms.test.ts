import { describe, expect, it } from "vitest";
import { clusterReadForm, vinEconomicForm } from "./intelligence-forms";

const scope = { marketCountry: "de", currency: "eur", condition: "used" };
const cluster = "0b7f5a4e-4a55-4f0a-9d6a-6a2f0d3c9b11";

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((i) => i.message);
}

describe("the Intelligence forms", () => {
  it("read a window of days from what was typed, within 1 to 730 days", () => {
    const read = (windowDays: string) =>
      clusterReadForm.safeParse({
        ...scope,
        windowDays,
        clusterId: cluster,
        freshnessPolicy: "allow_stale",
      });
    expect(read("90").data?.windowDays).toBe(90);
    expect(read("90").data?.marketCountry).toBe("DE");
    expect(messages(read("0"))).toEqual(["At least 1 day."]);
    expect(messages(read("731"))).toEqual(["At most 730 days."]);
    expect(messages(read("1.5"))).toEqual(["A whole number of days."]);
    expect(messages(read("many"))).toEqual(["A whole number of days."]);
  });

  it("bound the candidates of an evaluation and take the contract's evidence levels", () => {
    const evaluate = (maxCandidates: string, minimumEvidence = "usable") =>
      vinEconomicForm.safeParse({
        ...scope,
        vin: "WVWZZZ1KZAW000001",
        asOf: "20 Nov 2026 09:00",
        minimumEvidence,
        freshnessPolicy: "refresh_if_stale",
        maxCandidates,
        includeInsufficientCandidates: false,
      });
    expect(evaluate("100").success).toBe(true);
    expect(messages(evaluate("101"))).toEqual(["At most 100."]);
    expect(messages(evaluate("0"))).toEqual(["At least 1."]);
    expect(evaluate("10", "overwhelming").success).toBe(false);
  });
});
