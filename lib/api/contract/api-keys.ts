/**
 * The reference service's API keys: an environment prefix and 32 base-62 characters. The console
 * reads the environment from a key it was given, both programs redact keys from logs by the
 * pattern, and the service issues keys in this form.
 */
export type KeyEnvironment = "production" | "sandbox";

export const API_KEY_PREFIX: Readonly<Record<KeyEnvironment, string>> = {
  production: "svc_live_",
  sandbox: "svc_test_",
};

/** How many characters follow the prefix in a key the service issues. */
export const API_KEY_BODY_LENGTH = 32;

/** Anything that starts like a key: the whole run is redacted, even a truncated or longer one. */
export const KEY_LIKE_PATTERN = /svc_(?:live|test)_[0-9A-Za-z]+/g;

export function environmentOfKey(plaintext: string): KeyEnvironment | undefined {
  if (plaintext.startsWith(API_KEY_PREFIX.sandbox)) return "sandbox";
  if (plaintext.startsWith(API_KEY_PREFIX.production)) return "production";
  return undefined;
}
