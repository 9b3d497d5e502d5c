import { describe, expect, it } from "vitest";
import { checkDigitOf, checkFullVin, hasValidCheckDigit, manufacturerOf, modelYearOf } from "./vin";

describe("VIN rules", () => {
  it("computes the North American check digit", () => {
    expect(checkDigitOf("1HGCM82633A004352")).toBe("3");
    expect(hasValidCheckDigit("1HGCM82633A004352")).toBe(true);
    expect(hasValidCheckDigit("1HGCM82623A004352")).toBe(false);
    expect(checkDigitOf("11111111111111111")).toBe("1");
  });

  it("does not apply the check digit outside North America", () => {
    expect(hasValidCheckDigit("WVWZZZ1KZ8W000001")).toBe(true);
  });

  it("refuses bad characters and lengths with a specific reason", () => {
    expect(checkFullVin("WVWZZZ1KZ8W00000I")?.code).toBe("invalid_vin");
    expect(checkFullVin("WVWZZZ1KZ8W0000")?.code).toBe("invalid_vin");
    expect(checkFullVin("1HGCM82623A004352")).toMatchObject({
      code: "invalid_vin_check_digit",
      message: expect.stringContaining("should be 3"),
    });
    expect(checkFullVin("1HGCM82633A004352")).toBeNull();
  });

  it("names the manufacturer from the WMI and the model year from position 10", () => {
    expect(manufacturerOf("WVWZZZ1KZ8W000001")).toEqual({
      manufacturer: "Volkswagen",
      country: "DE",
    });
    expect(manufacturerOf("XXXZZZ1KZ8W000001")).toBeNull();
    expect(modelYearOf("1HGCM82633A004352")).toBe(2003);
    expect(modelYearOf("WVWZZZ1KZ8W000001", new Date("2026-06-01"))).toBe(2008);
    expect(modelYearOf("WVWZZZ1KZRW000001", new Date("2026-06-01"))).toBe(2024);
    expect(modelYearOf("5YJ3E1EA5KF000001")).toBe(2019);
  });
});
