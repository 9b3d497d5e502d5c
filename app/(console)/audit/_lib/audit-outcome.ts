/** How each outcome is shown (with its word, never by colour alone). */
export const OUTCOME_TONE: Record<string, "green" | "red" | "amber"> = {
  success: "green",
  failure: "red",
  unknown: "amber",
};
