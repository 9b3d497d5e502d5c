import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import { condition } from "@/lib/api/contract/intelligence";
import { partCondition } from "@/lib/api/contract/parts";
import { CONDITION_WORDS, choicesOf, FRESHNESS_WORDS } from "./choice-words";

const t = createTranslator({ locale: "en", messages: en, namespace: "choices" });

describe("the words of the contract's enums", () => {
  it("word every value of the enum, in the order the forms list them", () => {
    expect(
      choicesOf(CONDITION_WORDS, t)
        .map(([v]) => v)
        .sort(),
    ).toEqual([...condition.options].sort());
    expect(choicesOf(CONDITION_WORDS, t)[0]).toEqual(["used", "Used"]);
  });

  it("keep only the values an operation takes, in the table's order", () => {
    expect(choicesOf(CONDITION_WORDS, t, partCondition.options)).toEqual([
      ["used", "Used"],
      ["new", "New"],
    ]);
    expect(choicesOf(FRESHNESS_WORDS, t, ["require_fresh"])).toEqual([
      ["require_fresh", "Require fresh data"],
    ]);
  });
});
