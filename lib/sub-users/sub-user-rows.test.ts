import { describe, expect, it } from "vitest";
import { readListParams } from "@/lib/list-params";
import { nameKey, searchText, subUsersListParams } from "./sub-user-rows";

describe("the Sub-users list's parameters", () => {
  it("reads its state from the address and falls back to defaults", () => {
    expect(
      readListParams(subUsersListParams, {
        q: "ber",
        status: "near-quota",
        sort: "bogus",
        page: "2",
      }),
    ).toEqual({ q: "ber", status: "near-quota", sort: "name-asc", page: 2 });
  });
});

describe("nameKey", () => {
  it("orders names as people read them, byte by byte", () => {
    const names = ["Workshop 10", "workshop 9", "Ümlaut Autoteile", "Autohaus Zwickau", "Umbau 2"];
    const ordered = [...names].sort((a, b) =>
      nameKey(a) < nameKey(b) ? -1 : nameKey(a) > nameKey(b) ? 1 : 0,
    );
    expect(ordered).toEqual([
      "Autohaus Zwickau",
      "Umbau 2",
      "Ümlaut Autoteile",
      "workshop 9",
      "Workshop 10",
    ]);
  });
});

describe("searchText", () => {
  it("lower-cases, and takes a word-final sigma as any other", () => {
    expect(searchText("Werkstatt MÜNCHEN")).toBe("werkstatt münchen");
    expect(searchText("ΚΩΣ")).toBe(searchText("ΚΩΣΤΑΣ").slice(0, 3));
    expect(searchText("ΟΔΟΣ")).toBe("οδοσ");
  });
});
