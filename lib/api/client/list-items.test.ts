import { describe, expect, it } from "vitest";
import { ListItemReader, MAX_ITEM_CHARS } from "./list-items";

/** Feeds `text` in pieces of `size` characters; returns the elements and the rest, parsed. */
function readIn(text: string, size: number, list = "clientUsers") {
  const reader = new ListItemReader(list);
  const items: unknown[] = [];
  for (let i = 0; i < text.length; i += size)
    items.push(...reader.push(text.slice(i, i + size)).map((t) => JSON.parse(t) as unknown));
  return { items, rest: JSON.parse(reader.rest()) as unknown };
}

const answer = {
  before: { clientUsers: ["not this one"], n: [1, 2] },
  clientUsers: [
    { id: "a", name: 'Quote " and \\ backslash, comma ] bracket } brace', keys: [{ id: "k" }] },
    { id: "b", name: "Ümlaut 🚗", nested: { clientUsers: [1] } },
    "a string element",
    42,
    null,
    [1, [2, 3]],
  ],
  after: "x",
};

describe("ListItemReader", () => {
  it("hands out each element of the list whole, however the text is cut", () => {
    const text = JSON.stringify(answer, null, 2);
    for (const size of [1, 2, 3, 7, 64, text.length]) {
      const { items, rest } = readIn(text, size);
      expect(items).toEqual(answer.clientUsers);
      expect(rest).toEqual({ ...answer, clientUsers: [] });
    }
  });

  it("keeps an answer without the list as it came, and an empty list empty", () => {
    expect(readIn('{"other":[1,2]}', 3)).toEqual({ items: [], rest: { other: [1, 2] } });
    expect(readIn('{"clientUsers":[]}', 1)).toEqual({ items: [], rest: { clientUsers: [] } });
    expect(readIn('{ "clientUsers" : [ ] }', 2)).toEqual({ items: [], rest: { clientUsers: [] } });
  });

  it("splits only the top-level member, not one nested under another name", () => {
    const { items, rest } = readIn('{"x":{"clientUsers":[1,2]},"clientUsers":[3]}', 4);
    expect(items).toEqual([3]);
    expect(rest).toEqual({ x: { clientUsers: [1, 2] }, clientUsers: [] });
  });

  it("leaves malformed text to fail its parse", () => {
    const reader = new ListItemReader("clientUsers");
    const items = reader.push('{"clientUsers":[{"id":"a"}, {"id":}]}');
    expect(() => items.map((t) => JSON.parse(t) as unknown)).toThrow(SyntaxError);
    const cut = new ListItemReader("clientUsers");
    cut.push('{"clientUsers":[{"id":"a"},{"id":"b"');
    expect(() => JSON.parse(cut.rest()) as unknown).toThrow(SyntaxError);
  });

  it("refuses a list with an element missing, as JSON does", () => {
    for (const text of [
      '{"clientUsers":[,{"id":"a"}]}',
      '{"clientUsers":[{"id":"a"},,{"id":"b"}]}',
      '{"clientUsers":[{"id":"a"},]}',
      '{"clientUsers":[,]}',
    ]) {
      expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
      expect(() => new ListItemReader("clientUsers").push(text)).toThrow(SyntaxError);
    }
  });

  it("refuses an element too long to be a Sub-user", () => {
    const reader = new ListItemReader("clientUsers");
    reader.push('{"clientUsers":[{"name":"');
    expect(() => reader.push("x".repeat(MAX_ITEM_CHARS + 1))).toThrow(RangeError);
  });
});
