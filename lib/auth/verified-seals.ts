import "server-only";
import { LruMap } from "@/lib/cache/lru-map";

/**
 * Session cookies this process has already unsealed, by their exact sealed text, with what they
 * carry. Unsealing (iron's key derivation, HMAC check and decryption, each a Web Crypto call)
 * was about 2.7 ms of every signed-in page; a cookie text seen before is the same verified
 * content, so it is looked up instead, until the seal's own expiry. The store's session row is
 * still read on every request: signing out or expiring anywhere takes effect at once.
 */
export class VerifiedSeals<Content> {
  readonly #entries: LruMap<string, { content: Content; expiresAt: number }>;

  constructor(readonly limit: number) {
    this.#entries = new LruMap(limit);
  }

  /** What `seal` carries, if it was verified here and has not expired by `now` (ms). */
  get(seal: string, now: number): Content | undefined {
    const entry = this.#entries.get(seal);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.content;
    this.#entries.delete(seal);
    return undefined;
  }

  /** Remembers a seal that unsealed to `content`; kept no longer than the seal's expiry. */
  remember(seal: string, content: Content): void {
    const expiresAt = sealExpiry(seal);
    if (expiresAt !== 0) this.#entries.set(seal, { content, expiresAt });
  }

  get size(): number {
    return this.#entries.size;
  }
}

/**
 * The expiry (ms since the epoch) an iron seal carries in its sixth `*`-separated field
 * (`Fe26.2*id*salt*iv*data*expiry*hmacSalt*hmac`, then iron-session's `~2`). A seal without
 * one, or with one that is not a number, is not remembered at all (expiry 0).
 */
export function sealExpiry(seal: string): number {
  const field = seal.split("*")[5];
  const expiry = field ? Number(field) : NaN;
  return Number.isSafeInteger(expiry) && expiry > 0 ? expiry : 0;
}
