/** How each outcome is shown (with its word, never by colour alone). */
export const OUTCOME_TONE: Record<string, "green" | "red" | "amber"> = {
  success: "green",
  failure: "red",
  unknown: "amber",
};

/** An outcome the console has a word for (`audit.outcomeWords`); another is shown as stored. */
export function isKnownOutcome(outcome: string): outcome is "success" | "failure" | "unknown" {
  return outcome === "success" || outcome === "failure" || outcome === "unknown";
}
