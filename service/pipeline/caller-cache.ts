import { type Caller } from "./authenticate";

/**
 * Callers this instance has resolved from their keys, by key hash, so a call need not build its
 * caller again. A remembered caller is a hint, never a decision: the call's first write (its
 * rate-limit count) runs only while the key is still active and its Client's and Master's
 * `auth_stamp` are the ones remembered (see `callerCheckOf` and `countAttemptSql`), so a key or
 * Client changed by any instance is refused on its very next call everywhere. Bounded: the least
 * recently used caller goes first.
 */
export class CallerCache {
  private readonly callers = new Map<string, Caller>();

  constructor(readonly capacity: number) {}

  get(keyHash: string): Caller | undefined {
    const caller = this.callers.get(keyHash);
    if (caller) {
      // Map keeps insertion order: moving a hit to the end keeps the oldest first.
      this.callers.delete(keyHash);
      this.callers.set(keyHash, caller);
    }
    return caller;
  }

  set(keyHash: string, caller: Caller) {
    this.callers.delete(keyHash);
    this.callers.set(keyHash, caller);
    if (this.callers.size > this.capacity) this.callers.delete(this.callers.keys().next().value!);
  }

  delete(keyHash: string) {
    this.callers.delete(keyHash);
  }

  get size() {
    return this.callers.size;
  }
}
