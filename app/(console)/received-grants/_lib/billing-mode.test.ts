import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import messages from "@/messages/en.json";
import { canChoose as chooseWithKey, sponsorToSend } from "./billing-mode";

const english = createTranslator({ locale: "en", messages, namespace: "receivedGrants.reasons" });
/** The choice with its reason in English, as the page shows it. */
const canChoose = (...args: Parameters<typeof chooseWithKey>) => {
  const choice = chooseWithKey(...args);
  return choice.allowed ? choice : { ...choice, reason: english(choice.reason) };
};

const grant = (over: object) => ({
  reference: "r",
  active: true,
  billingMode: "own" as const,
  allowPartnerTerms: true,
  sponsorClientId: "cl_a",
  ...over,
});

describe("sponsorToSend", () => {
  it("names the sponsor only when the reference came from several sponsors", () => {
    const a = grant({});
    expect(
      sponsorToSend(a, [a, grant({ reference: "other", sponsorClientId: "cl_b" })]),
    ).toBeUndefined();
    expect(sponsorToSend(a, [a, grant({ sponsorClientId: "cl_b" })])).toBe("cl_a");
  });
});

describe("canChoose", () => {
  it("permits the switch to partner terms only where the grant allows it, once", () => {
    expect(canChoose(grant({}), "partner")).toEqual({ allowed: true });
    expect(canChoose(grant({ allowPartnerTerms: false }), "partner")).toMatchObject({
      allowed: false,
    });
    expect(canChoose(grant({ billingMode: "partner" }), "own")).toEqual({
      allowed: false,
      reason: "The switch to the sponsor's terms is permanent.",
    });
    expect(
      canChoose(grant({ active: false, revokedAt: "2026-01-01T00:00:00Z" }), "partner"),
    ).toEqual({ allowed: false, reason: "The grant was revoked." });
  });
});
