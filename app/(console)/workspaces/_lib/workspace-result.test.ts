import { describe, expect, it } from "vitest";
import { readWorkspaceResult } from "./workspace-result";

const base = {
  apiKey: { id: "k", label: null, key: "x", createdAt: "2026-11-22T10:00:00Z" },
  allowlist: { endpointKeys: ["parts_oe" as const] },
};

describe("readWorkspaceResult", () => {
  it("takes the workspace id and an explicit client id", () => {
    expect(
      readWorkspaceResult(
        { ...base, workspace: { id: "ws_1", externalReference: "r", clientId: "cl_1" } },
        "r",
      ),
    ).toEqual({ workspaceId: "ws_1", clientId: "cl_1", problems: [] });
  });

  it("never uses the workspace id as a client id", () => {
    expect(
      readWorkspaceResult({ ...base, workspace: { id: "ws_1", externalReference: "r" } }, "r")
        .clientId,
    ).toBeNull();
  });

  it("reports missing ids and a mismatched external reference", () => {
    const result = readWorkspaceResult(
      { ...base, workspace: { externalReference: "other", clientId: "not a client id!" } },
      "r",
    );
    expect(result.workspaceId).toBeNull();
    expect(result.clientId).toBeNull();
    expect(result.problems).toHaveLength(2);
  });
});
