import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listHref, oneOf, pageParam, readListParams, textParam } from "./list-params";

const schema = z.object({
  q: textParam,
  status: oneOf(["all", "active"], "all"),
  page: pageParam,
});

describe("list parameters", () => {
  it("reads known values and falls back to defaults for anything else", () => {
    expect(readListParams(schema, { q: " anna ", status: "active", page: "3" })).toEqual({
      q: "anna",
      status: "active",
      page: 3,
    });
    expect(readListParams(schema, { status: "bogus", page: "-2" })).toEqual({
      q: "",
      status: "all",
      page: 1,
    });
    expect(readListParams(schema, { page: ["2", "9"], q: "x".repeat(201) })).toEqual({
      q: "",
      status: "all",
      page: 2,
    });
  });

  it("drops a NUL from a search, which PostgreSQL cannot compare", () => {
    expect(readListParams(schema, { q: "a\u0000b" }).q).toBe("ab");
  });

  it("builds addresses that leave defaults out", () => {
    const current = { q: "anna", status: "all", page: 2 };
    expect(listHref("/sub-users", current, { page: 3 }, { status: "all" })).toBe(
      "/sub-users?q=anna&page=3",
    );
    expect(listHref("/sub-users", current, { q: "", page: 1 }, { status: "all" })).toBe(
      "/sub-users",
    );
    expect(listHref("/audit", {}, { operation: "a&b" })).toBe("/audit?operation=a%26b");
  });
});
