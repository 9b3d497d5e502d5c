import { type z } from "zod";

/**
 * Zod's own wording ("Too small: expected array to have >=1 items") as a sentence a person can
 * act on, for the issues a schema gives no message of its own. Passed as a parse's `error`, so
 * every message a schema words itself still wins.
 */
export const humanIssue: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "too_small": {
      const n = Number(issue.minimum);
      if (issue.origin === "array" || issue.origin === "set")
        return n <= 1 ? "Give at least one." : `Give at least ${n}.`;
      if (issue.origin === "string")
        return n <= 1 ? "Fill this in." : `Use at least ${n} characters.`;
      return `The smallest value allowed is ${n}.`;
    }
    case "too_big": {
      const n = Number(issue.maximum);
      if (issue.origin === "array" || issue.origin === "set") return `Give at most ${n}.`;
      if (issue.origin === "string") return `Use at most ${n} characters.`;
      return `The largest value allowed is ${n}.`;
    }
    case "invalid_type":
      return issue.input === undefined ? "Fill this in." : "This is not a value of the right kind.";
    case "invalid_value":
      return issue.values.length <= 6
        ? `Choose one of: ${issue.values.map(String).join(", ")}.`
        : "Choose one of the values offered.";
    default:
      return undefined;
  }
};
