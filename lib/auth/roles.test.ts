import { describe, expect, it } from "vitest";
import { OPERATION_IDS, OPERATIONS, type OperationId } from "@/lib/api/contract/operations";
import {
  CONSOLE_DUTIES,
  refusalFor,
  ROLES,
  roleMayCall,
  roleMayDo,
  rolesInWords,
  rolesThatMayCall,
} from "./roles";

const may = (role: (typeof ROLES)[number], id: OperationId) => roleMayCall(role, OPERATIONS[id]);

describe("roles", () => {
  it("let owners and admins call every operation", () => {
    for (const id of OPERATION_IDS) {
      expect(may("owner", id), id).toBe(true);
      expect(may("admin", id), id).toBe(true);
    }
  });

  it("let a viewer read what costs nothing, and nothing else", () => {
    expect(may("viewer", "listClientUsers")).toBe(true);
    expect(may("viewer", "getClientUsage")).toBe(true);
    expect(may("viewer", "listSponsorshipGrants")).toBe(true);
    expect(may("viewer", "createClientUser")).toBe(false);
    expect(may("viewer", "upsertSponsorshipGrant")).toBe(false);
    // A vehicle lookup is a GET, but a billed one.
    expect(OPERATIONS.getVehicleByVin.billable).toBe(true);
    expect(may("viewer", "getVehicleByVin")).toBe(false);
    for (const id of OPERATION_IDS)
      if (may("viewer", id)) expect(OPERATIONS[id].method, id).toBe("GET");
  });

  it("give billing the billing duty and operators the operations duty, never administration", () => {
    expect(may("billing", "upsertSponsorshipGrant")).toBe(true);
    expect(may("billing", "chooseSponsorshipBillingMode")).toBe(true);
    expect(may("billing", "getVehicleByVin")).toBe(false);
    expect(may("operator", "getVehicleByVin")).toBe(true);
    expect(may("operator", "checkVinCart")).toBe(true);
    expect(may("operator", "upsertSponsorshipGrant")).toBe(false);
    for (const role of ["billing", "operator"] as const)
      for (const id of OPERATION_IDS)
        if (OPERATIONS[id].duty === "administration" && OPERATIONS[id].method !== "GET")
          expect(may(role, id), `${role} ${id}`).toBe(false);
  });

  it("name who could in a refusal", () => {
    expect(rolesInWords(["owner", "admin"])).toBe("an owner or admin");
    expect(rolesInWords(["owner", "admin", "billing"])).toBe("an owner, admin or billing");
    expect(rolesThatMayCall(OPERATIONS.upsertSponsorshipGrant)).toEqual([
      "owner",
      "admin",
      "billing",
    ]);
    expect(refusalFor("viewer", CONSOLE_DUTIES.managePeople.what, ["owner", "admin"])).toBe(
      "Your role (viewer) does not allow you to invite people and change their access: an owner or admin can.",
    );
  });

  it("keep the organization itself to its owner", () => {
    expect(roleMayDo("owner", "manageOrganization")).toBe(true);
    expect(roleMayDo("admin", "manageOrganization")).toBe(false);
    expect(roleMayDo("admin", "managePeople")).toBe(true);
    expect(roleMayDo("operator", "managePeople")).toBe(false);
    for (const role of ROLES) expect(roleMayDo(role, "readLogs")).toBe(true);
  });

  it("show a demo account's stored secrets to an owner or admin only", () => {
    expect(ROLES.filter((role) => roleMayDo(role, "readDemoSecrets"))).toEqual(["owner", "admin"]);
  });
});
