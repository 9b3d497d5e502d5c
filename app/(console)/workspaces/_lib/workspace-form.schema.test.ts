import { describe, expect, it } from "vitest";
import {
  EMPTY_WORKSPACE_FORM,
  workspaceForm,
  workspaceFormToRequest,
  type WorkspaceFormValues,
} from "./workspace-form.schema";

describe("partner workspace form", () => {
  it("builds the request, with the sponsorship only when asked", () => {
    const base: WorkspaceFormValues = {
      ...EMPTY_WORKSPACE_FORM,
      name: " Garage ",
      externalReference: " crm-1 ",
      endpointKeys: ["parts_oe"],
    };
    expect(workspaceFormToRequest(base)).toEqual({
      name: "Garage",
      externalReference: "crm-1",
      endpointKeys: ["parts_oe"],
    });
    expect(
      workspaceFormToRequest({ ...base, sponsor: true, monthlyCap: "25", applicationLabel: "DMS" }),
    ).toEqual({
      name: "Garage",
      externalReference: "crm-1",
      endpointKeys: ["parts_oe"],
      applicationLabel: "DMS",
      sponsorship: { monthlyCapMinor: 2500, allowPartnerTerms: false },
    });
  });

  it("requires 1 to 50 endpoint keys and an external reference", () => {
    const paths = (v: object) =>
      workspaceForm
        .safeParse({
          ...EMPTY_WORKSPACE_FORM,
          name: "G",
          externalReference: "r",
          endpointKeys: ["parts_oe"],
          ...v,
        })
        .error?.issues.map((i) => i.path.join("."));
    expect(paths({ endpointKeys: [] })).toEqual(["endpointKeys"]);
    expect(paths({ externalReference: "  " })).toEqual(["externalReference"]);
    expect(paths({})).toBeUndefined();
  });
});
