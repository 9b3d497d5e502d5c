import { describe, expect, it } from "vitest";
import { readListParams } from "@/lib/list-params";
import {
  filterSubUsers,
  indexRows,
  pageOf,
  PAGE_SIZE,
  subUsersListParams,
  type SubUserRow,
} from "./sub-users.utils";

const rows: SubUserRow[] = [
  {
    id: "cl_b",
    name: "Workshop Berlin",
    isActive: true,
    createdAt: "2026-01-02T00:00:00Z",
    keyCount: 2,
    usage: { flag: "warning", readAt: "2026-11-20T10:00:00Z" },
  },
  {
    id: "cl_h",
    name: "workshop hamburg",
    isActive: true,
    createdAt: "2026-01-03T00:00:00Z",
    keyCount: 1,
    usage: { flag: null, readAt: "2026-11-20T10:00:00Z" },
  },
  {
    id: "cl_l",
    name: "Legacy Integration",
    isActive: false,
    createdAt: "2026-01-01T00:00:00Z",
    keyCount: 1,
    usage: null,
  },
  { id: "cl_x", name: null, isActive: null, createdAt: null, keyCount: null, usage: null },
];
const indexed = indexRows(rows);

describe("filterSubUsers", () => {
  it("filters to Sub-users at or past 90 percent of a plan at the last reading", () => {
    expect(
      filterSubUsers(indexed, { query: "", status: "near-quota", sort: "name-asc" }).map(
        (r) => r.id,
      ),
    ).toEqual(["cl_b"]);
  });

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

  it("searches names and ids without regard to case", () => {
    expect(
      filterSubUsers(indexed, { query: "WORKSHOP", status: "all", sort: "name-asc" }).map(
        (r) => r.id,
      ),
    ).toEqual(["cl_b", "cl_h"]);
    expect(
      filterSubUsers(indexed, { query: "cl_l", status: "all", sort: "name-asc" }).map((r) => r.id),
    ).toEqual(["cl_l"]);
  });

  it("filters by status; an unknown status appears only under all", () => {
    expect(
      filterSubUsers(indexed, { query: "", status: "inactive", sort: "name-asc" }).map((r) => r.id),
    ).toEqual(["cl_l"]);
    expect(filterSubUsers(indexed, { query: "", status: "active", sort: "name-asc" })).toHaveLength(
      2,
    );
    expect(filterSubUsers(indexed, { query: "", status: "all", sort: "name-asc" })).toHaveLength(4);
  });

  it("sorts by name and by creation, newest first", () => {
    expect(
      filterSubUsers(indexed, { query: "", status: "active", sort: "name-desc" }).map((r) => r.id),
    ).toEqual(["cl_h", "cl_b"]);
    expect(
      filterSubUsers(indexed, { query: "", status: "all", sort: "created-desc" }).map((r) => r.id),
    ).toEqual(["cl_h", "cl_b", "cl_l", "cl_x"]);
  });
});

describe("pageOf", () => {
  it("pages by fixed size and clamps the page number", () => {
    const many = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(many, 3)).toMatchObject({ page: 3, pages: 3, items: many.slice(2 * PAGE_SIZE) });
    expect(pageOf(many, 9).page).toBe(3);
    expect(pageOf([], 1)).toMatchObject({ page: 1, pages: 1, items: [] });
  });
});
