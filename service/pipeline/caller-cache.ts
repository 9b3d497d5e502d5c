import { LruMap } from "@/lib/cache/lru-map";
import { type Caller } from "../core";

/**
 * Callers this instance has resolved from their keys, by key hash, so a call need not build its
 * caller again. A remembered caller is a hint, never a decision: the call's first write (its
 * rate-limit count) runs only while the key is still active and its Client's and Master's
 * `auth_stamp` are the ones remembered (see `callerCheckOf` and `countAttemptSql`), so a key or
 * Client changed by any instance is refused on its very next call everywhere. Bounded: the least
 * recently used caller goes first.
 */
export class CallerCache extends LruMap<string, Caller> {}
