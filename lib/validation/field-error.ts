import type messages from "@/messages/en.json";

/** A field error the console words itself: its key under `fieldErrors` in the message files. */
export type FieldErrorKey = keyof (typeof messages)["fieldErrors"];
export type FieldErrorValues = Record<string, string | number>;

/**
 * Schemas run in the browser and on the server, outside any one reader's language, so a field
 * error the console words itself travels as a reference (`fieldErrors:atMostCharacters?max=200`)
 * and is put into words where it is shown, in the reader's language (`FieldShell`). Any other
 * text (the service's own words) is shown as it is.
 */
const PREFIX = "fieldErrors:";

/** The values a message formats as numbers (in the reader's format); any other stays text. */
const NUMERIC_VALUES = new Set(["min", "max", "line"]);

export function fieldError(key: FieldErrorKey, values?: FieldErrorValues): string {
  const query = values
    ? new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString()
    : "";
  return `${PREFIX}${key}${query ? `?${query}` : ""}`;
}

/** The key and values of a field error the console worded, or null for any other text. */
export function readFieldError(
  message: string,
): { key: FieldErrorKey; values: Record<string, string | number> } | null {
  if (!message.startsWith(PREFIX)) return null;
  const [key, query = ""] = message.slice(PREFIX.length).split("?", 2) as [string, string?];
  const values: Record<string, string | number> = {};
  for (const [k, v] of new URLSearchParams(query))
    values[k] = NUMERIC_VALUES.has(k) && /^-?\d+$/.test(v) ? Number(v) : v;
  return { key: key as FieldErrorKey, values };
}

/**
 * A field error in the reader's words: `t` the reader's `fieldErrors` translator, `count` their
 * number format. Text the console did not word is returned as it is.
 */
export function fieldErrorWords(
  message: string,
  t: { has(key: FieldErrorKey): boolean; (key: FieldErrorKey, values: FieldErrorValues): string },
  count: (n: number) => string,
): string {
  const worded = readFieldError(message);
  // A key of the messages, never a name every object has ("constructor").
  if (!worded || worded.key in Object.prototype || !t.has(worded.key)) return message;
  // A value may be a field error itself (the problem on a list's line).
  const values = Object.fromEntries(
    Object.entries(worded.values).map(([k, v]) => [
      k,
      typeof v === "number" ? count(v) : fieldErrorWords(v, t, count),
    ]),
  );
  return t(worded.key, values);
}
