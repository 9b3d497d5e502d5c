import "server-only";
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { isCommonPassword } from "./common-passwords";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules";

/**
 * Passwords are stored with scrypt (Node's own, memory-hard): N = 2^15, r = 8, p = 1 takes 32 MiB
 * and about 100 ms per hash here, the cost OWASP's guidance names for scrypt. The parameters and
 * the salt are kept with the hash, so they can be raised later without locking anyone out.
 */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: MAX_MEMORY },
      (e, key) => (e ? reject(e) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** A hash no password matches, checked when there is no account, so both cost the same. */
let decoy: Promise<string> | undefined;

/** Whether `password` is the one `stored` was made from; with no stored hash, always false (after the same work). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = (
    stored ?? (await (decoy ??= hashPassword(randomBytes(24).toString("hex"))))
  ).split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(
    password,
    Buffer.from(salt, "base64url"),
    Number(n),
    Number(r),
    Number(p),
  );
  return stored !== null && key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Why a new password is refused, as its key in the "people.password" messages (with the
 * numbers its sentence names), or undefined when it is acceptable.
 */
export function passwordProblemKey(
  password: string,
  context: { email?: string; name?: string } = {},
): PasswordProblem | undefined {
  if (password.length < PASSWORD_MIN_LENGTH)
    return { key: "tooShort", values: { min: PASSWORD_MIN_LENGTH } };
  if (password.length > PASSWORD_MAX_LENGTH)
    return { key: "tooLong", values: { max: PASSWORD_MAX_LENGTH } };
  const lower = password.toLowerCase();
  if (isCommonPassword(lower)) return { key: "common", values: {} };
  const local = context.email?.split("@")[0]?.toLowerCase();
  if (
    (local && local.length >= 4 && lower.includes(local)) ||
    (context.name && lower === context.name.toLowerCase())
  )
    return { key: "personal", values: {} };
  if (new Set(password).size < 4) return { key: "monotonous", values: {} };
  return undefined;
}

export type PasswordProblem = {
  key: "tooShort" | "tooLong" | "common" | "personal" | "monotonous";
  values: Record<string, number>;
};

const PASSWORD_PROBLEMS: Record<PasswordProblem["key"], (v: Record<string, number>) => string> = {
  tooShort: (v) => `Use at least ${v.min} characters; a few words you will remember are easiest.`,
  tooLong: (v) => `Use at most ${v.max} characters.`,
  common: () =>
    "This password is on the list of the most common ones, so it is among the first tried. Choose another.",
  personal: () => "Choose a password that does not contain your address or your name.",
  monotonous: () => "Choose a password with more different characters.",
};

/** Why a new password is refused, in English, or undefined when it is acceptable. */
export function passwordProblem(
  password: string,
  context: { email?: string; name?: string } = {},
): string | undefined {
  const problem = passwordProblemKey(password, context);
  return problem && PASSWORD_PROBLEMS[problem.key](problem.values);
}
