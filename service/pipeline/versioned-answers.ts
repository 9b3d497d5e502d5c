/**
 * Serialised answers this instance has built, each kept under the version of the data it was
 * built from (a version PostgreSQL moves in the transaction of every change, see migration 0011).
 * An answer is served again only while a call reads the same version, so a change made through
 * any instance is seen by the next call everywhere. Bounded by the characters kept: the least
 * recently used answers go first, and an answer larger than the whole bound is never kept.
 */
export class VersionedAnswers {
  private readonly answers = new Map<string, { version: number; body: string }>();
  private size = 0;

  constructor(readonly capacityChars: number) {}

  get(key: string, version: number): string | undefined {
    const kept = this.answers.get(key);
    if (!kept || kept.version !== version) return undefined;
    // Map keeps insertion order: moving a hit to the end keeps the least recently used first.
    this.answers.delete(key);
    this.answers.set(key, kept);
    return kept.body;
  }

  set(key: string, version: number, body: string) {
    this.delete(key);
    if (body.length > this.capacityChars) return;
    this.answers.set(key, { version, body });
    this.size += body.length;
    while (this.size > this.capacityChars) this.delete(this.answers.keys().next().value!);
  }

  delete(key: string) {
    const kept = this.answers.get(key);
    if (!kept) return;
    this.answers.delete(key);
    this.size -= kept.body.length;
  }

  /** Characters kept, for the bound's tests and the memory benchmark. */
  get chars() {
    return this.size;
  }
}
