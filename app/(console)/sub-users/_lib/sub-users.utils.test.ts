import { describe, expect, it } from "vitest";
import { filterSubUsers, indexRows, pageOf, PAGE_SIZE, type SubUserRow } from "./sub-users.utils";

const rows: SubUserRow[] = [
  {
    id: "cl_b",
    name: "Workshop Berlin",
    isActive: true,
    createdAt: "2026-01-02T00:00:00Z",
    keyCount: 2,
  },
  {
    id: "cl_h",
    name: "workshop hamburg",
    isActive: true,
    createdAt: "2026-01-03T00:00:00Z",
    keyCount: 1,
  },
  {
    id: "cl_l",
    name: "Legacy Integration",
    isActive: false,
    createdAt: "2026-01-01T00:00:00Z",
    keyCount: 1,
  },
  { id: "cl_x", name: null, isActive: null, createdAt: null, keyCount: null },
];
const indexed = indexRows(rows);

describe("filterSubUsers", () => {
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
