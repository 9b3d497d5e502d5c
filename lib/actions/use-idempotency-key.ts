"use client";

import { useCallback, useState } from "react";

/**
 * One Idempotency-Key per logical action: kept while the user retries the same submission, so
 * a repeat after a lost answer is replayed rather than done twice; renewed after a success.
 */
export function useIdempotencyKey(): [string, () => void] {
  const [key, setKey] = useState(() => crypto.randomUUID());
  const renew = useCallback(() => setKey(crypto.randomUUID()), []);
  return [key, renew];
}
