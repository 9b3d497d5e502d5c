import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import messages from "@/messages/en.json";
import { isBillable, receiptOf, settlementMessage } from "./receipt-facts";

const t = createTranslator({ locale: "en", messages, namespace: "billing.settlement" });

/** The receipt's sentence in English, as the receipt shows it. */
const sentence = (
  metadata: Parameters<typeof receiptOf>[0],
  call: Parameters<typeof receiptOf>[1],
) => {
  const settlement = settlementMessage(receiptOf(metadata, call));
  return "values" in settlement ? t(settlement.key, settlement.values) : t(settlement.key);
};

describe("a receipt's sentence", () => {
  it("names who paid a billed call, and a sponsor's grant", () => {
    expect(sentence({ billingSource: "plan" }, { billable: true })).toBe(
      "Billed to your plan's monthly quantity.",
    );
    expect(sentence({ billingSource: "balance" }, { billable: true })).toBe(
      "Billed to your credit balance.",
    );
    expect(
      sentence(
        { billingSource: "balance", sponsorshipGrant: "sonnenschein-vin" },
        { billable: true },
      ),
    ).toBe("Paid by the sponsor under grant sonnenschein-vin.");
    expect(sentence({ billingSource: "bundle" }, { billable: true })).toMatch(/VIN bundle/);
    expect(sentence({ billingSource: "sandbox" }, { billable: true })).toMatch(/not billed/);
    expect(
      sentence({ idempotentReplay: true, billingSource: "idempotent_replay" }, { billable: true }),
    ).toMatch(/^Replayed/);
  });

  it("says what became of a refused call's charge only as the service says it", () => {
    expect(sentence({ chargeOutcome: "not_charged" }, { billable: true, refusedWith: 403 })).toBe(
      "Refused (HTTP 403) before any charge: nothing was billed.",
    );
    expect(sentence({ chargeOutcome: "refunded" }, { billable: true, refusedWith: 404 })).toMatch(
      /refunded automatically/,
    );
    // A service that does not say: no guess either way.
    const unsaid = sentence({}, { billable: true, refusedWith: 404 });
    expect(unsaid).toMatch(/did not say whether it had charged/);
    expect(unsaid).not.toMatch(/not billable/);
  });

  it("calls a call free only when the operations table says so", () => {
    expect(isBillable("getSystemStatus")).toBe(false);
    expect(isBillable("getVehicleByVin")).toBe(true);
    expect(sentence({}, { billable: false })).toBe("Free: this operation is not billed.");
    expect(sentence({}, { billable: true })).toBe(
      "The service reported no billing source for this call.",
    );
    expect(sentence({}, { billable: false, refusedWith: 400 })).toBe(
      "Refused (HTTP 400). This operation is not billed.",
    );
  });
});
