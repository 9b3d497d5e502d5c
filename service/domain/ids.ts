import { randomBytes, randomUUID } from "node:crypto";

const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** Random identifier with a readable prefix, e.g. `cl_7kq2...`; 16 characters carry 80 bits. */
export function newId(prefix: string, length = 16): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

export const newUuid = () => randomUUID();
