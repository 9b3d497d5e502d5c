import { createHash, randomBytes } from "node:crypto";
import {
  API_KEY_BODY_LENGTH,
  API_KEY_PREFIX,
  type KeyEnvironment,
} from "@/lib/api/contract/api-keys";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Keys carry ~190 bits of randomness, so a plain SHA-256 digest is a safe storage form. */
export function hashApiKey(plaintext: string): string {
  return createHash("sha256").update(plaintext, "utf8").digest("hex");
}

export function generateApiKey(environment: KeyEnvironment): { plaintext: string; hash: string } {
  const bytes = randomBytes(API_KEY_BODY_LENGTH);
  let body = "";
  for (const b of bytes) body += BASE62[b % 62];
  const plaintext = API_KEY_PREFIX[environment] + body;
  return { plaintext, hash: hashApiKey(plaintext) };
}
