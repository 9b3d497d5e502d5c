import { describe, expect, it } from "vitest";
import { createClientUserRequest } from "@/lib/api/contract/client-admin";
import { createSubUserForm, toCreateRequest } from "./create-sub-user.schema";

describe("create Sub-user form", () => {
  it("turns form values into a request the contract accepts", () => {
    const request = toCreateRequest({ name: "  Workshop Munich ", defaultProviderId: "2" });
    expect(request).toEqual({ name: "Workshop Munich", defaultProviderId: 2 });
    expect(createClientUserRequest.parse(request)).toEqual(request);
    expect(toCreateRequest({ name: "X", defaultProviderId: "" })).toEqual({ name: "X" });
  });

  it("refuses an empty name and an unknown provider", () => {
    expect(createSubUserForm.safeParse({ name: "  ", defaultProviderId: "" }).success).toBe(false);
    expect(createSubUserForm.safeParse({ name: "X", defaultProviderId: "4" }).success).toBe(false);
  });
});
