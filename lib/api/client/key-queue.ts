import { createHash } from "node:crypto";

/**
 * Serialises work per API key inside this process, so parallel server components never send
 * two requests of one Client at once. Keys are held only as digests.
 */
export class KeyQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(apiKey: string, task: () => Promise<T>): Promise<T> {
    const id = createHash("sha256").update(apiKey).digest("base64url");
    const previous = this.tails.get(id) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(id, tail);
    void tail.then(() => {
      if (this.tails.get(id) === tail) this.tails.delete(id);
    });
    return result;
  }

  /** Number of keys with work queued or running (for tests and diagnostics). */
  get size(): number {
    return this.tails.size;
  }
}
