/** An answer as an instance keeps it: its body, the version it is current at, and its parts. */
export interface KeptAnswer<Parts> {
  version: number;
  body: string;
  /** What the body was built from, to build the next version from it. */
  parts: Parts;
}

/**
 * Serialised answers this instance has built, each kept under the version of the data it was
 * built from (a version PostgreSQL moves in the transaction of every change, see migrations 0011,
 * 0015 and 0016). An answer is served again only while a call reads the same version, so a change made
 * through any instance is seen by the next call everywhere. Bounded by the size each answer is
 * counted at by its caller (the body and its parts): the least recently used answers go first,
 * and an answer larger than the whole bound is never kept.
 */
export class VersionedAnswers<Parts = undefined> {
  private readonly answers = new Map<string, { answer: KeptAnswer<Parts>; chars: number }>();
  private size = 0;
  /** Answers built from a kept one by reading only what changed (counted for tests and benchmarks). */
  patches = 0;

  constructor(readonly capacityChars: number) {}

  /** The answer kept for `key` at whatever version: current, or a start for the next one. */
  peek(key: string): KeptAnswer<Parts> | undefined {
    const kept = this.answers.get(key);
    if (!kept) return undefined;
    // Map keeps insertion order: moving a hit to the end keeps the least recently used first.
    this.answers.delete(key);
    this.answers.set(key, kept);
    return kept.answer;
  }

  set(key: string, answer: KeptAnswer<Parts>, chars = answer.body.length) {
    this.delete(key);
    if (chars > this.capacityChars) return;
    this.answers.set(key, { answer, chars });
    this.size += chars;
    while (this.size > this.capacityChars) this.delete(this.answers.keys().next().value!);
  }

  delete(key: string) {
    const kept = this.answers.get(key);
    if (!kept) return;
    this.answers.delete(key);
    this.size -= kept.chars;
  }

  /** Characters kept, for the bound's tests and the memory benchmark. */
  get chars() {
    return this.size;
  }
}
