import { createHash, randomBytes } from "node:crypto";

export type KeyEnvironment = "production" | "sandbox";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const PREFIX: Record<KeyEnvironment, string> = { production: "svc_live_", sandbox: "svc_test_" };

/** Shape of every key this service issues; used to redact keys from logs. */
export const API_KEY_PATTERN = /svc_(?:live|test)_[0-9A-Za-z]{32}/g;

/** Keys carry ~190 bits of randomness, so a plain SHA-256 digest is a safe storage form. */
export function hashApiKey(plaintext: string): string {
  return createHash("sha256").update(plaintext, "utf8").digest("hex");
}

export function generateApiKey(environment: KeyEnvironment): { plaintext: string; hash: string } {
  const bytes = randomBytes(32);
  let body = "";
  for (const b of bytes) body += BASE62[b % 62];
  const plaintext = PREFIX[environment] + body;
  return { plaintext, hash: hashApiKey(plaintext) };
}

export function environmentOfKey(plaintext: string): KeyEnvironment | undefined {
  if (plaintext.startsWith(PREFIX.sandbox)) return "sandbox";
  if (plaintext.startsWith(PREFIX.production)) return "production";
  return undefined;
}
