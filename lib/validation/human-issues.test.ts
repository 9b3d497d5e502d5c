import { describe, expect, it } from "vitest";
import { z } from "zod";
import { humanIssue } from "./human-issues";

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { error: humanIssue });
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("zod's own wording as sentences", () => {
  it("words sizes, missing values and choices", () => {
    expect(messages(z.array(z.string()).min(1), [])).toEqual(["Give at least one."]);
    expect(messages(z.string().max(3), "abcd")).toEqual(["Use at most 3 characters."]);
    expect(messages(z.object({ a: z.string() }), {})).toEqual(["Fill this in."]);
    expect(messages(z.enum(["used", "new"]), "old")).toEqual(["Choose one of: used, new."]);
    expect(messages(z.number().min(5), 2)).toEqual(["The smallest value allowed is 5."]);
  });

  it("never replaces a message the schema words itself", () => {
    expect(messages(z.string().max(3, "must be at most 3 characters"), "abcd")).toEqual([
      "must be at most 3 characters",
    ]);
  });
});
