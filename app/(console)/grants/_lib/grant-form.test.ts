import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { formatsFor } from "@/lib/i18n/formats";
import messages from "@/messages/en.json";
import {
  describeGrantChanges,
  EMPTY_GRANT_FORM,
  grantForm,
  grantFormToRequest,
  type GrantFormValues,
  grantToFormValues,
} from "./grant-form";

/** The change sentences in English, as the form shows them. */
const english = createTranslator({ locale: "en", messages, namespace: "grants.changes" });

const values: GrantFormValues = {
  ...EMPTY_GRANT_FORM,
  reference: "hamburg-hub",
  beneficiaryClientId: "cl_demo_hamburg",
  endpointKeys: ["parts_oe", "translation"],
  hub: true,
  startsAt: "1 Dec 2026 00:00",
  endsAt: "1 Jan 2027 00:00",
  monthlyCap: "49.90",
};

describe("grant form", () => {
  it("turns form values into the request: UTC dates, cap in cents", () => {
    expect(grantFormToRequest(values)).toEqual({
      beneficiaryClientId: "cl_demo_hamburg",
      endpointKeys: ["parts_oe", "translation"],
      channels: ["hub"],
      startsAt: "2026-12-01T00:00:00.000Z",
      endsAt: "2027-01-01T00:00:00.000Z",
      allowPartnerTerms: false,
      monthlyCapMinor: 4990,
    });
    expect(
      grantFormToRequest({ ...values, hub: false, startsAt: "", endsAt: "", monthlyCap: "" }),
    ).toEqual({
      beneficiaryClientId: "cl_demo_hamburg",
      endpointKeys: ["parts_oe", "translation"],
      allowPartnerTerms: false,
    });
  });

  it("refuses what the service would refuse, with the field named", () => {
    const paths = (v: object) =>
      grantForm.safeParse({ ...values, ...v }).error?.issues.map((i) => i.path.join("."));
    expect(paths({ endpointKeys: [] })).toEqual(["endpointKeys"]);
    expect(paths({ monthlyCap: "12.345" })).toEqual(["monthlyCap"]);
    expect(paths({ reference: "with space" })).toEqual(["reference"]);
    expect(paths({ endsAt: "1 Nov 2026 00:00" })).toEqual(["endsAt"]);
    expect(paths({ startsAt: "12/01/2026" })).toEqual(["startsAt"]);
  });

  it("round-trips a stored grant", () => {
    const request = grantFormToRequest(values);
    const back = grantToFormValues({ reference: "hamburg-hub", active: true, ...request });
    expect(back).toEqual({ ...values, monthlyCap: "49.90" });
  });

  it("describes what a replacement changes", () => {
    const before = {
      reference: "g",
      active: true,
      beneficiaryClientId: "cl_a",
      endpointKeys: ["parts_oe" as const],
      channels: [],
      monthlyCapMinor: 5000,
      allowPartnerTerms: false,
    };
    const changes = describeGrantChanges(
      before,
      {
        beneficiaryClientId: "cl_a",
        endpointKeys: ["parts_oe", "translation"],
        channels: ["hub"],
        monthlyCapMinor: null,
        allowPartnerTerms: true,
      },
      english,
      formatsFor({ format: "en-GB", timeZone: "UTC", now: 0 }),
    );
    expect(changes).toEqual([
      "Endpoint keys added: translation",
      "Channel hub: off → on",
      "Switch to your terms: not permitted → permitted",
      "Monthly cap: €50.00 → no cap",
    ]);
    expect(
      describeGrantChanges(
        before,
        {
          beneficiaryClientId: "cl_a",
          endpointKeys: ["parts_oe"],
          monthlyCapMinor: 5000,
        },
        english,
        formatsFor({ format: "en-GB", timeZone: "UTC", now: 0 }),
      ),
    ).toEqual([]);
    // The cap in the reader's format and the grant's currency.
    expect(
      describeGrantChanges(
        { ...before, currency: "JPY" },
        { beneficiaryClientId: "cl_a", endpointKeys: ["parts_oe"], monthlyCapMinor: 7000 },
        english,
        formatsFor({ format: "de-DE", timeZone: "Europe/Berlin", now: 0 }),
      ).map((line) => line.replace(/\s/g, " ")),
    ).toEqual(["Monthly cap: 5.000 ¥ → 7.000 ¥"]);
  });
});
