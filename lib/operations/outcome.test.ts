import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { fieldErrorsOf } = await import("./outcome");

describe("fieldErrorsOf", () => {
  it("keys an issue by its field and a list item's issue also by its list, with the line", () => {
    expect(
      fieldErrorsOf([
        { path: "currency", message: "must be three capital letters" },
        { path: "positions.2.oeNumber", message: "must not be empty" },
        { path: "positions.4.oeNumber", message: "too long" },
      ]),
    ).toEqual({
      currency: "must be three capital letters",
      oeNumber: "must not be empty",
      positions: "Line 3: must not be empty",
    });
  });
  it("puts an issue without a path on the form", () => {
    expect(fieldErrorsOf([{ path: "", message: "send a body" }])).toEqual({ form: "send a body" });
  });
});
