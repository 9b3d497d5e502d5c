import { describe, expect, it } from "vitest";
import { controlsServe } from "./sandbox-controls-client";

const index = (keys: "all" | "sandbox") => ({ controls: [], openapi: "", keys });

describe("which sessions the sandbox controls serve", () => {
  it("follows what the service says of its keys", () => {
    expect(controlsServe(null, "sandbox")).toBe(false);
    expect(controlsServe(index("all"), "production")).toBe(true);
    expect(controlsServe(index("all"), "sandbox")).toBe(true);
    expect(controlsServe(index("sandbox"), "sandbox")).toBe(true);
    expect(controlsServe(index("sandbox"), "production")).toBe(false);
    expect(controlsServe(index("sandbox"), "unknown")).toBe(false);
  });
});
