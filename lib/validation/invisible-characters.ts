/**
 * Characters a person cannot see, owned here: the C0 controls and DEL (a NUL PostgreSQL refuses
 * outright), and the bidirectional embeddings, overrides and isolates that reorder on screen the
 * text after them ("paste \u202Etxt.exe" reads "paste exe.txt").
 */
const CONTROLS = "\\u0000-\\u001F\\u007F";
/** The controls but tab and line feed, which lay a kept text out. */
const CONTROLS_BUT_LAYOUT = "\\u0000-\\u0008\\u000B-\\u001F\\u007F";
const DIRECTION_CHANGES = "\\u202A-\\u202E\\u2066-\\u2069";

/** A control character: text from elsewhere that is kept and shown as it came holds none. */
export const CONTROL_CHARACTER = new RegExp(`[${CONTROLS}]`);

/** A control or direction-changing character: an address typed into a form holds none. */
export const INVISIBLE_CHARACTER = new RegExp(`[${CONTROLS}${DIRECTION_CHANGES}]`);

/** Text as it may be kept and shown: the invisible characters dropped, tab and line feed kept. */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE_BUT_LAYOUT, "");
}
const INVISIBLE_BUT_LAYOUT = new RegExp(`[${CONTROLS_BUT_LAYOUT}${DIRECTION_CHANGES}]`, "g");
