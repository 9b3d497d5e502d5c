import { describe, expect, it } from "vitest";
import { partsHref, partsViewOf } from "./parts-view";

describe("partsViewOf", () => {
  it("shows nothing without a number", () => {
    expect(partsViewOf({ view: "price" })).toEqual({ kind: "none" });
  });
  it("reads the look-up with its manufacturer, trimmed", () => {
    expect(partsViewOf({ oe: " 7700 500 168 ", manufacturer: "Renault" })).toEqual({
      kind: "lookup",
      oe: "7700 500 168",
      manufacturer: "Renault",
    });
  });
  it("pages references from 1 and ignores a page that is not a positive integer", () => {
    expect(partsViewOf({ oe: "X", view: "references", page: "3" })).toMatchObject({ page: 3 });
    expect(partsViewOf({ oe: "X", view: "references", page: "-2" })).toMatchObject({ page: 1 });
    expect(partsViewOf({ oe: "X", view: "references", page: "1.5" })).toMatchObject({ page: 1 });
  });
  it("keeps a price parameter as typed (the contract refuses it), upper-casing the currency", () => {
    expect(partsViewOf({ oe: "X", view: "price", currency: "usd", condition: "mint" })).toEqual({
      kind: "price",
      oe: "X",
      condition: "mint",
      currency: "USD",
      vehicleType: "car",
    });
  });
  it("round-trips a view through its address", () => {
    const view = partsViewOf({ oe: "1K0615301AA", view: "references", page: "2" });
    const href = partsHref(view as Exclude<typeof view, { kind: "none" }>);
    expect(href).toBe("/parts?oe=1K0615301AA&page=2&view=references");
    expect(partsViewOf(Object.fromEntries(new URL(href, "http://x").searchParams))).toEqual(view);
  });
});
