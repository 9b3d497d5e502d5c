import { z } from "zod";

/**
 * Text a person must type into a field: trimmed, not empty, at most `max` characters, refused in
 * the words given for each case.
 */
export function requiredText(max: number, words: { missing: string; tooLong: string }) {
  return z.string().trim().min(1, words.missing).max(max, words.tooLong);
}
