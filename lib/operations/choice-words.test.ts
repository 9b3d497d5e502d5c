import { describe, expect, it } from "vitest";
import { condition } from "@/lib/api/contract/intelligence";
import { partCondition } from "@/lib/api/contract/parts";
import { CONDITION_WORDS, choicesOf, FRESHNESS_WORDS } from "./choice-words";

describe("the words of the contract's enums", () => {
  it("word every value of the enum, in the order the forms list them", () => {
    expect(
      choicesOf(CONDITION_WORDS)
        .map(([v]) => v)
        .sort(),
    ).toEqual([...condition.options].sort());
    expect(choicesOf(CONDITION_WORDS)[0]).toEqual(["used", "Used"]);
  });

  it("keep only the values an operation takes, in the table's order", () => {
    expect(choicesOf(CONDITION_WORDS, partCondition.options)).toEqual([
      ["used", "Used"],
      ["new", "New"],
    ]);
    expect(choicesOf(FRESHNESS_WORDS, ["require_fresh"])).toEqual([
      ["require_fresh", "Require fresh data"],
    ]);
  });
});
