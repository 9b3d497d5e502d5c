import { describe, expect, it } from "vitest";
import { fieldError } from "@/lib/validation/field-error";
import { fieldErrorsOf } from "./action-result";

describe("fieldErrorsOf", () => {
  it("keys an issue by its path, its field and a list item's issue also by its list, with the line", () => {
    expect(
      fieldErrorsOf([
        { path: "currency", message: "must be three capital letters" },
        { path: "positions.2.oeNumber", message: "must not be empty" },
        { path: "positions.4.oeNumber", message: "too long" },
      ]),
    ).toEqual({
      currency: "must be three capital letters",
      "positions.2.oeNumber": "must not be empty",
      "positions.4.oeNumber": "too long",
      oeNumber: "must not be empty",
      positions: fieldError("onLine", { line: 3, problem: "must not be empty" }),
    });
  });

  it("reads zod's paths as the service's", () => {
    expect(
      fieldErrorsOf([
        { path: ["effect", "code"], message: "unknown code" },
        { path: [], message: "send a body" },
      ]),
    ).toEqual({ "effect.code": "unknown code", code: "unknown code", form: "send a body" });
  });

  it("puts an issue without a path on the form", () => {
    expect(fieldErrorsOf([{ path: "", message: "send a body" }])).toEqual({ form: "send a body" });
  });
});
