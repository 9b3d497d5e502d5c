/**
 * A map bounded by its number of entries: reading an entry makes it the most recently used, and
 * past `capacity` the least recently used goes. (A `Map` keeps insertion order, so the least
 * recently used is always its first key.)
 */
export class LruMap<Key, Value> {
  readonly #entries = new Map<Key, Value>();

  constructor(readonly capacity: number) {}

  get(key: Key): Value | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: Key, value: Value): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity)
      this.#entries.delete(this.#entries.keys().next().value!);
  }

  delete(key: Key): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
