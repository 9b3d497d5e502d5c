import "server-only";
import { Secret, TOTP } from "otpauth";

/**
 * Time-based one-time passwords (RFC 6238) through the maintained `otpauth` package: 6 digits,
 * 30-second steps, SHA-1, as every authenticator app reads them. A code is accepted one step
 * early or late (clock drift), and each step only once.
 */
const PERIOD = 30;
const ISSUER = "Vehicle and Parts console";

function totpOf(secret: string, email: string) {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret (160 bits), in the base-32 form authenticator apps take. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an authenticator app reads (from a QR code or pasted). */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The time step a code belongs to, when it is right for now (give or take one step) and newer
 * than the last step used; undefined otherwise.
 */
export function acceptedStep(
  secret: string,
  email: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | undefined {
  const digits = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(digits)) return undefined;
  const delta = totpOf(secret, email).validate({ token: digits, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? undefined : step;
}

/** The code of a secret at a time: for tests and the demo people, never shown to a browser otherwise. */
export function totpCode(secret: string, now = Date.now()): string {
  return totpOf(secret, "code").generate({ timestamp: now });
}
