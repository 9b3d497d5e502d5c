import { describe, expect, it } from "vitest";
import { demoExposureWarning } from "./demo-credentials";

describe("the launcher's warning about demo accounts", () => {
  it("is silent on loopback and speaks for any other interface", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "[::1]"])
      expect(demoExposureWarning(host), host).toBeUndefined();
    for (const host of ["0.0.0.0", "192.168.1.20", "console.example.com", "::"])
      expect(demoExposureWarning(host), host).toMatch(/anyone who reaches it can sign in/);
  });
});
