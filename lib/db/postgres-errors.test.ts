import { describe, expect, it } from "vitest";
import { postgresErrorCode, UNIQUE_VIOLATION } from "./postgres-errors";

describe("postgresErrorCode", () => {
  it("reads the code from the driver's error or from drizzle's wrapper around it", () => {
    expect(postgresErrorCode({ code: UNIQUE_VIOLATION })).toBe("23505");
    expect(postgresErrorCode({ message: "x", cause: { code: "23503" } })).toBe("23503");
    expect(postgresErrorCode(new Error("no code"))).toBeUndefined();
    expect(postgresErrorCode(null)).toBeUndefined();
  });
});
