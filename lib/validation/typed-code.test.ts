import { describe, expect, it } from "vitest";
import { countryCode, fullVin } from "@/lib/api/contract/common";
import { typedCode } from "./typed-code";

describe("typedCode", () => {
  it("reads a code as meant, without spaces around it and in capitals", () => {
    expect(typedCode(fullVin).parse("  wvwzzz1kz8w000001 ")).toBe("WVWZZZ1KZ8W000001");
    expect(typedCode(countryCode).parse("de")).toBe("DE");
  });

  it("holds it to the contract's rule, in the contract's words", () => {
    const vin = typedCode(fullVin).safeParse("wvwzzz1kz8w00000I");
    expect(vin.success).toBe(false);
    expect(vin.error!.issues[0]!.message).toBe(
      fullVin.safeParse("WVWZZZ1KZ8W00000I").error!.issues[0]!.message,
    );
    expect(typedCode(countryCode).safeParse("d e").success).toBe(false);
  });
});
