import { describe, expect, it } from "vitest";
import { LruMap } from "./lru-map";

describe("LruMap", () => {
  it("keeps at most its capacity, dropping the least recently used first", () => {
    const map = new LruMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    expect(map.get("a")).toBe(1); // "b" is now the least recently used
    map.set("c", 3);
    expect(map.size).toBe(2);
    expect(map.get("b")).toBeUndefined();
    expect([map.get("a"), map.get("c")]).toEqual([1, 3]);
    map.set("a", 10); // replacing counts as a use, not a second entry
    map.set("d", 4);
    expect([map.get("a"), map.get("c"), map.get("d")]).toEqual([10, undefined, 4]);
    map.delete("a");
    expect(map.size).toBe(1);
  });
});
