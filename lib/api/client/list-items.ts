const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** A service that sends one list entry or an object's other members this long is not trusted. */
export const MAX_ITEM_CHARS = 1_000_000;

/**
 * Reads one JSON object's array member `list` an element at a time as the text arrives, so a
 * long list is never held whole: `push` returns the text of each element completed so far, and
 * `rest` the object without the list's elements (the list left empty), to check once the text
 * ended. Only the top-level member named `list` is split; anything else is kept as it came.
 * Malformed JSON is not judged here: what `push` and `rest` return fails `JSON.parse`.
 */
export class ListItemReader {
  /** Unscanned text, and the element (or key) under way at its start. */
  private text = "";
  private scanned = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private mode: "before" | "list" | "after" = "before";
  /** Where the top-level string under way (a member's name, maybe) starts in `text`. */
  private keyStart = -1;
  private key: string | null = null;
  /** The member whose value comes next (a name followed by `:`), at the top level. */
  private member: string | null = null;
  private itemStart = -1;
  /** An element ended with a comma: another must follow (`[1,]` and `[,1]` are not JSON). */
  private afterComma = false;
  private outside = "";

  constructor(private readonly list: string) {}

  push(chunk: string): string[] {
    const t = this.text + chunk;
    const items: string[] = [];
    // Outside the list nothing of `text` was added to `outside` yet (a name under way is kept).
    let outsideFrom = this.mode === "list" ? -1 : 0;
    for (let i = this.scanned; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.keyStart >= 0) {
            this.key = JSON.parse(t.slice(this.keyStart, i + 1)) as string;
            this.keyStart = -1;
          }
        }
        continue;
      }
      if (isSpace(c)) continue;
      const inList = this.mode === "list" && this.depth === 2;
      if (inList && this.itemStart < 0 && c !== COMMA && c !== CLOSE_BRACKET) {
        this.itemStart = i;
        this.afterComma = false;
      }
      switch (c) {
        case QUOTE:
          this.inString = true;
          if (this.depth === 1 && this.mode !== "list") this.keyStart = i;
          break;
        case COLON:
          if (this.depth === 1) this.member = this.key;
          break;
        case COMMA:
          if (inList) {
            if (this.itemStart < 0) throw new SyntaxError("a list element is missing");
            items.push(t.slice(this.itemStart, i));
            this.itemStart = -1;
            this.afterComma = true;
          } else if (this.depth === 1) this.member = null;
          break;
        case OPEN_BRACKET:
        case OPEN_BRACE:
          this.depth++;
          if (
            c === OPEN_BRACKET &&
            this.mode === "before" &&
            this.depth === 2 &&
            this.member === this.list
          ) {
            this.mode = "list";
            this.outside += t.slice(outsideFrom, i + 1);
            outsideFrom = -1;
          }
          break;
        case CLOSE_BRACKET:
          if (inList) {
            if (this.itemStart < 0 && this.afterComma)
              throw new SyntaxError("a list element is missing");
            if (this.itemStart >= 0) items.push(t.slice(this.itemStart, i));
            this.itemStart = -1;
            this.mode = "after";
            outsideFrom = i;
          }
          this.depth--;
          break;
        case CLOSE_BRACE:
          this.depth--;
          break;
      }
    }
    // Keep only what is still under way: the element being read, or a member's name.
    const keepFrom = this.mode === "list" ? this.itemStart : this.inString ? this.keyStart : -1;
    if (outsideFrom >= 0) {
      this.outside += t.slice(outsideFrom, keepFrom >= 0 ? keepFrom : t.length);
    }
    if (keepFrom >= 0) {
      this.text = t.slice(keepFrom);
      if (this.itemStart >= 0) this.itemStart = 0;
      if (this.keyStart >= 0) this.keyStart = 0;
    } else this.text = "";
    this.scanned = this.text.length;
    if (this.text.length > MAX_ITEM_CHARS || this.outside.length > MAX_ITEM_CHARS)
      throw new RangeError(`an entry of the answer is over ${MAX_ITEM_CHARS} characters`);
    return items;
  }

  /** The object's text without the list's elements, once the whole answer was pushed. */
  rest(): string {
    return this.outside + this.text;
  }
}
