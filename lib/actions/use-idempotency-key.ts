"use client";

import { useCallback, useState } from "react";

/**
 * A fresh Idempotency-Key: the one way the console's browser side makes one (a form's, through
 * `useActionSubmit`, or one a person copies into the agent playground's arguments).
 */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/**
 * One Idempotency-Key per logical action: kept while the user retries the same submission, so
 * a repeat after a lost answer is replayed rather than done twice; renewed after a success.
 */
export function useIdempotencyKey(): [string, () => void] {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return [key, renew];
}
