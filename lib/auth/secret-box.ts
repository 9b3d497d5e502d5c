import "server-only";
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

const derived = new Map<string, { secret: string; key: Buffer }>();

/**
 * Keys derived from SESSION_SECRET with HKDF-SHA-256, one per purpose, so the cookie seal and
 * the at-rest encryption never share a key.
 */
export function deriveKey(
  secret: string,
  purpose:
    | "session-cookie"
    | "api-key-at-rest"
    | "agent-token-at-rest"
    | "api-key-digest"
    | "totp-secret-at-rest"
    | "identity-provider-secret"
    | "sso-cookie",
): Buffer {
  // Every page reads a session: derived once per secret and purpose, not on each request.
  const known = derived.get(purpose);
  if (known?.secret === secret) return known.key;
  const key = Buffer.from(hkdfSync("sha256", secret, "vpmi-console", purpose, 32));
  derived.set(purpose, { secret, key });
  return key;
}

/**
 * A stable name for an API key that is not the key: an HMAC with a key derived from
 * SESSION_SECRET, so a stored digest tells nothing to whoever lacks the secret.
 */
export function keyDigestOf(apiKey: string, secret: string): string {
  return createHmac("sha256", deriveKey(secret, "api-key-digest")).update(apiKey).digest("hex");
}

const VERSION = "v1";

/** AES-256-GCM with a random 96-bit nonce: `v1.<nonce>.<tag>.<ciphertext>`, base64url. */
export function encryptSecret(plaintext: string, key: Buffer): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function decryptSecret(sealed: string, key: Buffer): string {
  const [version, nonce, tag, ciphertext] = sealed.split(".");
  if (version !== VERSION || !nonce || !tag || !ciphertext)
    throw new Error("Unrecognised sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}
