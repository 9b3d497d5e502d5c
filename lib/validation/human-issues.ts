import { type z } from "zod";
import { fieldError } from "./field-error";

/**
 * Zod's own wording ("Too small: expected array to have >=1 items") as a sentence a person can
 * act on, in their language where it is shown (`fieldError`), for the issues a schema gives no
 * message of its own. Passed as a parse's `error`, so every message a schema words itself still
 * wins.
 */
export const humanIssue: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "array" || issue.origin === "set")
        return min <= 1 ? fieldError("giveAtLeastOne") : fieldError("giveAtLeast", { min });
      if (issue.origin === "string")
        return min <= 1 ? fieldError("fillIn") : fieldError("useAtLeastCharacters", { min });
      return fieldError("smallestValue", { min });
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "array" || issue.origin === "set")
        return fieldError("giveAtMost", { max });
      if (issue.origin === "string") return fieldError("useAtMostCharacters", { max });
      return fieldError("largestValue", { max });
    }
    case "invalid_type":
      return issue.input === undefined ? fieldError("fillIn") : fieldError("wrongKind");
    case "invalid_value":
      return issue.values.length <= 6
        ? fieldError("chooseOneOf", { values: issue.values.map(String).join(", ") })
        : fieldError("chooseOffered");
    case "custom":
      return undefined;
    default:
      return fieldError("notValid");
  }
};
